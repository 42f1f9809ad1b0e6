import {
  type ClientTransport,
  createInMemoryTransport,
  type JSONRPCRequest,
  McpError,
  TransportError,
} from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  LegacyServerError,
  McpClient,
  McpClientError,
  NoCommonVersionError,
  UnsupportedByServerError,
} from '../src/index.js';
import {
  deferred,
  discoverResult,
  emptyToolsList,
  meta,
  mockServer,
  VERSION,
} from './helpers/mock-server.js';

const versionOf = (request: JSONRPCRequest) => meta(request)['io.modelcontextprotocol/protocolVersion'];

describe('connect and version choice', () => {
  it('C-9, C-11: discover first, then the chosen version; the result is exposed', async () => {
    const server = mockServer({
      'server/discover': () =>
        discoverResult(
          { tools: { listChanged: true } },
          { supportedVersions: ['2025-11-25', VERSION], instructions: 'be kind' },
        ),
      'tools/list': () => emptyToolsList,
    });
    const client = new McpClient(createInMemoryTransport(server));
    const description = await client.connect();
    expect(description).toMatchObject({
      protocolVersion: VERSION,
      supportedVersions: ['2025-11-25', VERSION],
      capabilities: { tools: { listChanged: true } },
      instructions: 'be kind',
      serverInfo: { name: 'mock', version: '1.0.0' },
    });
    expect(client.server).toBe(description);
    expect(client.protocolVersion).toBe(VERSION);
    await client.listTools();
    expect(server.requests.map((r) => r.method)).toEqual(['server/discover', 'tools/list']);
  });

  it('calls connect on their own; concurrent first calls share one probe', async () => {
    const server = mockServer({ 'tools/list': () => emptyToolsList });
    const client = new McpClient(createInMemoryTransport(server));
    await Promise.all([client.listTools({}, { cache: 'bypass' }), client.listTools({}, { cache: 'bypass' })]);
    expect(server.calls('server/discover')).toHaveLength(1);
  });

  it('C-9: a known server version skips discover', async () => {
    const server = mockServer({ 'tools/list': () => emptyToolsList });
    const client = new McpClient(createInMemoryTransport(server), { protocolVersion: VERSION });
    expect(await client.connect()).toBeUndefined();
    await client.listTools();
    expect(server.requests.map((r) => r.method)).toEqual(['tools/list']);
  });

  it('C-10: -32022 on discover is retried once, as a new request, with a version from data.supported', async () => {
    const server = mockServer({
      'server/discover': (request) =>
        versionOf(request) === VERSION
          ? discoverResult({ tools: {} })
          : McpError.unsupportedProtocolVersion(String(versionOf(request)), [VERSION, '2025-11-25']),
      'tools/list': () => emptyToolsList,
    });
    const client = new McpClient(createInMemoryTransport(server), {
      protocolVersions: ['2099-01-01', VERSION],
    });
    await client.connect();
    await client.listTools();
    const discovers = server.calls('server/discover');
    expect(discovers.map(versionOf)).toEqual(['2099-01-01', VERSION]);
    expect(discovers[0]!.id).not.toBe(discovers[1]!.id);
    expect(versionOf(server.calls('tools/list')[0]!)).toBe(VERSION);
  });

  it('C-10: a second -32022, or one with no shared version, is a clear NoCommonVersionError', async () => {
    const always = mockServer({
      'server/discover': (request) =>
        McpError.unsupportedProtocolVersion(String(versionOf(request)), ['2099-01-01', VERSION]),
    });
    const client = new McpClient(createInMemoryTransport(always), {
      protocolVersions: ['2099-01-01', VERSION],
    });
    const error = await client.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoCommonVersionError);
    expect(always.calls('server/discover')).toHaveLength(2);

    const old = mockServer({
      'server/discover': () => McpError.unsupportedProtocolVersion(VERSION, ['2025-11-25']),
    });
    const second = await new McpClient(createInMemoryTransport(old)).connect().catch((e: unknown) => e);
    expect(second).toBeInstanceOf(NoCommonVersionError);
    expect((second as NoCommonVersionError).theirs).toEqual(['2025-11-25']);
    expect((second as Error).message).toContain('2025-11-25');
  });

  it('C-10: a -32022 that lists the very version it refused is reported as such, not as "no version in common"', async () => {
    const contradictory = (request: JSONRPCRequest) =>
      McpError.unsupportedProtocolVersion(String(versionOf(request)), [VERSION]);
    const probing = mockServer({ 'server/discover': contradictory });
    const fixed = mockServer({ 'tools/list': contradictory });
    const failures = [
      await new McpClient(createInMemoryTransport(probing)).connect().catch((e: unknown) => e),
      await new McpClient(createInMemoryTransport(fixed), { protocolVersion: VERSION })
        .listTools()
        .catch((e: unknown) => e),
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(NoCommonVersionError);
      expect(failure).toMatchObject({ refused: VERSION, theirs: [VERSION] });
      expect((failure as Error).message).toBe(
        `The server refused protocol version ${VERSION} with -32022 although the error lists it as supported (${VERSION}); the client retries only once`,
      );
    }
    expect(probing.calls('server/discover')).toHaveLength(2);
    expect(fixed.calls('tools/list')).toHaveLength(2);
  });

  it('C-10: a retry refused with versions both speak says so', async () => {
    const OTHER = '2099-01-01';
    const server = mockServer({
      'tools/list': (request) =>
        McpError.unsupportedProtocolVersion(String(versionOf(request)), [
          versionOf(request) === VERSION ? OTHER : VERSION,
        ]),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      protocolVersion: VERSION,
      protocolVersions: [VERSION, OTHER],
    });
    const failure = await client.listTools().catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'NoCommonVersionError', refused: OTHER, theirs: [VERSION] });
    expect((failure as Error).message).toContain(
      `refused protocol version ${OTHER} on the retry after -32022`,
    );
  });

  it('C-11: a DiscoverResult with no shared version is NoCommonVersionError', async () => {
    const server = mockServer({
      'server/discover': () => discoverResult({}, { supportedVersions: ['2099-01-01'] }),
    });
    await expect(new McpClient(createInMemoryTransport(server)).connect()).rejects.toBeInstanceOf(
      NoCommonVersionError,
    );
  });

  it('C-10: -32022 on an ordinary request is retried once with a mutually supported version, then kept', async () => {
    let accept = '2099-01-01';
    const server = mockServer({
      'tools/list': (request) =>
        versionOf(request) === accept
          ? emptyToolsList
          : McpError.unsupportedProtocolVersion(String(versionOf(request)), [accept]),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      protocolVersion: VERSION,
      protocolVersions: [VERSION, '2099-01-01'],
    });
    await client.listTools();
    await client.listTools({}, { cache: 'bypass' });
    expect(server.calls('tools/list').map(versionOf)).toEqual([VERSION, '2099-01-01', '2099-01-01']);
    expect(client.protocolVersion).toBe('2099-01-01');
    accept = 'nothing-we-speak';
    await expect(client.listTools({}, { cache: 'bypass' })).rejects.toBeInstanceOf(NoCommonVersionError);
  });

  it('C-11, C-12: a probe answered after a newer discover() does not overwrite its server description or version', async () => {
    const OTHER = '2099-01-01';
    const firstReceived = deferred();
    const firstAnswer = deferred();
    let probes = 0;
    const server = mockServer({
      'server/discover': async () => {
        if (++probes > 1) return discoverResult({ tools: {} }, { instructions: 'newer' });
        firstReceived.resolve();
        await firstAnswer.promise;
        return discoverResult({ resources: {} }, { supportedVersions: [OTHER], instructions: 'older' });
      },
      'tools/call': () => ({ resultType: 'complete', content: [] }),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      protocolVersions: [VERSION, OTHER],
      autoListTools: false,
    });
    const connecting = client.connect();
    await firstReceived.promise;
    expect((await client.discover()).instructions).toBe('newer');
    firstAnswer.resolve();
    expect((await connecting)?.instructions).toBe('newer');
    expect(client.server?.instructions).toBe('newer');
    expect(client.protocolVersion).toBe(VERSION);
    await client.callTool('t', {});
    expect(server.calls('tools/call').map(versionOf)).toEqual([VERSION]);
  });

  it('T-21, T-22, T-23: with era "modern", a server answering discover with an unrecognised error is reported as an older revision', async () => {
    for (const error of [
      McpError.methodNotFound('server/discover'),
      McpError.invalidParams('what?'),
      new McpError(-32000, 'x'),
    ]) {
      const server = mockServer({ 'server/discover': () => error });
      const failure = await new McpClient(createInMemoryTransport(server), { era: 'modern' })
        .connect()
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LegacyServerError);
      expect((failure as Error).message).toMatch(/older than 2026-07-28/);
      expect((failure as LegacyServerError).evidence).toContain(String(error.code));
    }
  });

  it('T-21, T-23: with era "modern", silence within the probe timeout is an older revision, reported clearly', async () => {
    const silent = mockServer({ 'server/discover': () => new Promise<never>(() => {}) });
    const client = new McpClient(createInMemoryTransport(silent), { probeTimeoutMs: 20, era: 'modern' });
    const failure = await client.connect().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LegacyServerError);
    expect((failure as LegacyServerError).evidence).toBe('no answer to server/discover within 20 ms');
  });

  it('B-5: a -32021 answer to discover is a modern error, not a fallback', async () => {
    const server = mockServer({
      'server/discover': () => McpError.missingRequiredClientCapability({ roots: {} }),
    });
    const failure = await new McpClient(createInMemoryTransport(server)).connect().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).code).toBe(-32021);
  });

  it('B-4, T-23: with era "modern", an HTTP 404 without a JSON-RPC body is an older revision; a 401 is not', async () => {
    const failing = (status: number): ClientTransport => ({
      // biome-ignore lint/correctness/useYield: the exchange fails before yielding
      async *exchange() {
        throw new TransportError('bad-response', `HTTP ${status}`, { status });
      },
      close: async () => {},
    });
    await expect(new McpClient(failing(404), { era: 'modern' }).connect()).rejects.toBeInstanceOf(
      LegacyServerError,
    );
    const unauthorized = await new McpClient(failing(401)).connect().catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(TransportError);
  });

  it('T-23, B-4: over a transport without the 2025-era wire (no legacy) the client never falls back', async () => {
    const sent: string[] = [];
    const refusing: ClientTransport = {
      // biome-ignore lint/correctness/useYield: the exchange fails before yielding
      async *exchange(request) {
        sent.push(request.method);
        throw new TransportError('bad-response', 'HTTP 404', { status: 404 });
      },
      close: async () => {},
    };
    const failure = await new McpClient(refusing).connect().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LegacyServerError);
    expect(sent).toEqual(['server/discover']);
    const forced = await new McpClient(refusing, { era: 'legacy' }).connect().catch((e: unknown) => e);
    expect(forced).toBeInstanceOf(McpClientError);
    expect((forced as Error).message).toMatch(/era 'legacy' needs a transport that speaks the 2025-era wire/);
    expect(sent).toEqual(['server/discover']);
  });

  it('a failed probe is tried again by the next call', async () => {
    let fail = true;
    const server = mockServer({
      'server/discover': () => (fail ? McpError.headerMismatch('bad header') : discoverResult({ tools: {} })),
      'tools/list': () => emptyToolsList,
    });
    const client = new McpClient(createInMemoryTransport(server));
    await expect(client.listTools()).rejects.toMatchObject({ code: -32020 });
    fail = false;
    await expect(client.listTools()).resolves.toMatchObject({ tools: [] });
  });

  it('C-12: a method whose capability the server does not advertise fails locally, without a request', async () => {
    const server = mockServer({}, { tools: {} });
    const client = new McpClient(createInMemoryTransport(server));
    const failure = await client.listPrompts().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UnsupportedByServerError);
    expect((failure as UnsupportedByServerError).capability).toBe('prompts');
    await expect(client.readResource('file:///x')).rejects.toBeInstanceOf(UnsupportedByServerError);
    await expect(
      client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }),
    ).rejects.toBeInstanceOf(UnsupportedByServerError);
    expect(server.requests.map((r) => r.method)).toEqual(['server/discover']);
  });

  it('C-12: tools/call on a server without tools fails locally, before and after the client is connected', async () => {
    const server = mockServer({}, { prompts: {} });
    const client = new McpClient(createInMemoryTransport(server));
    const before = client.callTool('t');
    await expect(before).rejects.toBeInstanceOf(UnsupportedByServerError);
    await client.connect();
    let thrown: unknown;
    let call: Promise<unknown> | undefined;
    try {
      call = client.callTool('t');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeUndefined();
    await expect(call).rejects.toMatchObject({ name: 'UnsupportedByServerError', capability: 'tools' });
    expect(server.requests.map((r) => r.method)).toEqual(['server/discover']);
  });

  it('a call on a closed client fails with TransportError("closed"), even once connected', async () => {
    const server = mockServer(
      { 'tools/call': () => ({ resultType: 'complete', content: [] }) },
      { tools: {} },
    );
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    await client.callTool('t');
    await client.close();
    await expect(client.callTool('t')).rejects.toMatchObject({ name: 'TransportError', reason: 'closed' });
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('a re-probe after discover() is awaited by the calls that follow it', async () => {
    let capabilities: Record<string, unknown> = { tools: {} };
    const server = mockServer(
      {
        'server/discover': () => discoverResult(capabilities),
        'tools/call': () => ({ resultType: 'complete', content: [] }),
      },
      { tools: {} },
    );
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    await client.callTool('t');
    capabilities = {};
    const rediscovered = client.discover({ cache: 'bypass' });
    await expect(client.callTool('t')).rejects.toBeInstanceOf(UnsupportedByServerError);
    await rediscovered;
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('discover() probes again and adopts the new answer', async () => {
    let instructions = 'one';
    const server = mockServer({ 'server/discover': () => discoverResult({}, { instructions }) });
    const client = new McpClient(createInMemoryTransport(server));
    await client.connect();
    instructions = 'two';
    expect((await client.discover()).instructions).toBe('two');
    expect(client.server?.instructions).toBe('two');
  });
});
