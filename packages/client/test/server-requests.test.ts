import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type InputHandlers,
  McpClient,
  MissingClientCapabilityError,
  RequestAbortedError,
  RequestTimeoutError,
} from '../src/index.js';
import { deferred, meta, tick } from './helpers/mock-server.js';
import { breakingTransport, recorded } from './helpers/real-server.js';

/**
 * The per-request duties (C-1..C-5) and cancellation, timeouts and re-issues (C-51..C-55),
 * checked against the real `@mcpkit/server` through the in-memory transport: what the client
 * sends is what the server validates, so a missing `_meta` field would be refused there.
 */

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const INFO_KEY = 'io.modelcontextprotocol/clientInfo';

function server() {
  const mcp = new McpServer({ name: 'real', version: '1.0.0' });
  mcp.tool('echo', { description: 'Echoes' }, () => ({ content: [{ type: 'text', text: 'echo' }] }));
  mcp.tool('confirm', { description: 'Two rounds of form elicitation' }, async (_args, ctx) => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } } as const;
    const first = await ctx.elicit('first', { message: 'Sure?', requestedSchema: schema });
    const second = await ctx.elicit('second', { message: 'Really?', requestedSchema: schema });
    return { content: [{ type: 'text', text: `${first.action},${second.action}` }] };
  });
  mcp.tool('visit', { description: 'URL-mode elicitation' }, async (_args, ctx) => {
    const answer = await ctx.elicit('visit', {
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/a',
    });
    return { content: [{ type: 'text', text: answer.action }] };
  });
  mcp.tool('think', { description: 'Tool-enabled sampling' }, async (_args, ctx) => {
    const reply = await ctx.sample('think', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
      maxTokens: 10,
      tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
    });
    return { content: [{ type: 'text', text: reply.model }] };
  });
  mcp.resource('file:///r', { name: 'r' }, (uri) => ({ contents: [{ uri, text: 'r' }] }));
  mcp.prompt('hello', { description: 'Says hello' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  }));
  return mcp;
}

const handlers: InputHandlers = {
  elicitation: {
    form: () => ({ action: 'accept', content: { ok: true } }),
    url: () => ({ action: 'accept' }),
  },
  sampling: {
    createMessage: () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }),
    tools: true,
  },
  roots: () => [{ uri: 'file:///work' }],
};

/** Runs a bit of everything, so every kind of request the client sends is in `requests`. */
async function exercise(client: McpClient) {
  await client.connect();
  await client.listTools();
  await client.callTool('echo');
  await client.callTool('confirm');
  await client.readResource('file:///r');
  await client.getPrompt('hello');
  const subscription = client.listen({ toolsListChanged: true });
  await subscription.acknowledged;
  subscription.close();
}

describe('per-request duties against @mcpkit/server (C-1..C-5)', () => {
  it('C-1, C-2: every request carries protocolVersion, clientCapabilities and clientInfo, input-round retries included', async () => {
    const endpoint = recorded(server());
    const client = new McpClient(createInMemoryTransport(endpoint), {
      clientInfo: { name: 'agent', version: '2.0.0' },
      handlers,
    });
    await exercise(client);
    const methods = new Set(endpoint.requests.map((request) => request.method));
    expect(methods).toEqual(
      new Set([
        'server/discover',
        'tools/list',
        'tools/call',
        'resources/read',
        'prompts/get',
        'subscriptions/listen',
      ]),
    );
    expect(endpoint.calls('tools/call').filter((r) => 'inputResponses' in (r.params ?? {}))).toHaveLength(2);
    for (const request of endpoint.requests) {
      expect(meta(request)).toMatchObject({
        [VERSION_KEY]: '2026-07-28',
        [CAPABILITIES_KEY]: expect.any(Object),
        [INFO_KEY]: { name: 'agent', version: '2.0.0' },
      });
    }
  });

  it('C-1, C-2: without handlers the capabilities are {}; clientInfo: false sends none, and the server still answers', async () => {
    const endpoint = recorded(server());
    const client = new McpClient(createInMemoryTransport(endpoint), { clientInfo: false });
    await client.connect();
    await client.listTools();
    await client.callTool('echo');
    for (const request of endpoint.requests) {
      expect(meta(request)[CAPABILITIES_KEY]).toEqual({});
      expect(meta(request)).not.toHaveProperty(INFO_KEY);
    }
  });

  it('C-3, C-4: the capabilities of the registered handlers go on every request, and the server asks for exactly those', async () => {
    const endpoint = recorded(server());
    const client = new McpClient(createInMemoryTransport(endpoint), { handlers });
    await exercise(client);
    expect(await client.callTool('visit')).toMatchObject({ content: [{ text: 'accept' }] });
    expect(await client.callTool('think')).toMatchObject({ content: [{ text: 'm' }] });
    for (const request of endpoint.requests) {
      expect(meta(request)[CAPABILITIES_KEY]).toEqual({
        elicitation: { form: {}, url: {} },
        sampling: { tools: {} },
        roots: {},
      });
    }
  });

  it('C-3, C-4: a mode or feature without a handler is not declared, so the server refuses to ask for it (-32021)', async () => {
    const client = new McpClient(createInMemoryTransport(server()), {
      handlers: {
        elicitation: { form: handlers.elicitation!.form! },
        sampling: { createMessage: handlers.sampling!.createMessage },
      },
    });
    const url = await client.callTool('visit').catch((e: unknown) => e);
    expect(url).toBeInstanceOf(MissingClientCapabilityError);
    expect((url as MissingClientCapabilityError).requiredCapabilities).toEqual({ elicitation: { url: {} } });
    const tools = await client.callTool('think').catch((e: unknown) => e);
    expect(tools).toBeInstanceOf(MissingClientCapabilityError);
    expect((tools as MissingClientCapabilityError).requiredCapabilities).toEqual({ sampling: { tools: {} } });
  });

  it('C-5: every request has a fresh, non-null id: input-round retries, the -32022 version retry and re-issues included', async () => {
    const endpoint = recorded(server());
    const client = new McpClient(breakingTransport(endpoint, 'resources/read'), {
      handlers,
      protocolVersions: ['2099-01-01', '2026-07-28'],
    });
    await exercise(client);
    const versions = endpoint.calls('server/discover').map((r) => meta(r)[VERSION_KEY]);
    expect(versions).toEqual(['2099-01-01', '2026-07-28']);
    expect(endpoint.calls('resources/read')).toHaveLength(2);
    const ids = endpoint.requests.map((request) => request.id);
    expect(ids.every((id) => id !== null && id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** A server whose `wait` tool runs until cancelled (or `release` resolves), recording cancellations. */
function waitingServer() {
  const started = deferred();
  const release = deferred();
  const cancelled: unknown[] = [];
  const mcp = new McpServer({ name: 'waiting', version: '1.0.0' });
  mcp.tool('wait', { description: 'Waits' }, async (_args, ctx) => {
    ctx.signal.addEventListener('abort', () => cancelled.push(ctx.signal.reason));
    started.resolve();
    await release.promise;
    return { content: [{ type: 'text', text: 'late' }] };
  });
  mcp.tool('beat', { description: 'Progress forever, every 500 ms' }, async (_args, ctx) => {
    for (let i = 1; !ctx.signal.aborted; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      ctx.progress(i);
    }
    return { content: [] };
  });
  mcp.tool('steps', { description: 'Five steps of 800 ms, with progress' }, async (_args, ctx) => {
    for (let i = 1; i <= 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 800));
      ctx.progress(i, 5);
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { content: [{ type: 'text', text: 'done' }] };
  });
  mcp.resource('file:///r', { name: 'r' }, (uri) => ({ contents: [{ uri, text: 'r' }] }));
  const endpoint = recorded(mcp);
  return { endpoint, started, release, cancelled };
}

function clientOf(endpoint: Parameters<typeof createInMemoryTransport>[0]) {
  return new McpClient(createInMemoryTransport(endpoint), { autoListTools: false });
}

describe('cancellation against @mcpkit/server (C-51..C-53)', () => {
  it('C-51: aborting the signal cancels the handler on the server and rejects with RequestAbortedError', async () => {
    const { endpoint, started, cancelled } = waitingServer();
    const client = clientOf(endpoint);
    const controller = new AbortController();
    const call = client.callTool('wait', {}, { signal: controller.signal }).catch((e: unknown) => e);
    await started.promise;
    controller.abort('stop');
    expect(await call).toMatchObject({ name: 'RequestAbortedError', cause: 'stop' });
    for (let i = 0; i < 100 && cancelled.length === 0; i++) await tick();
    expect(cancelled).toHaveLength(1);
  });

  it('C-52: a call whose signal has already aborted reaches no server', async () => {
    const { endpoint } = waitingServer();
    const client = clientOf(endpoint);
    await client.connect();
    const sent = endpoint.requests.length;
    await expect(client.callTool('wait', {}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    await expect(client.readResource('file:///r', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    expect(endpoint.requests).toHaveLength(sent);
  });

  it('C-53: the result a handler returns after the cancel is dropped; later calls get their own answers', async () => {
    const { endpoint, started, release } = waitingServer();
    const client = clientOf(endpoint);
    const controller = new AbortController();
    const call = client.callTool('wait', {}, { signal: controller.signal }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await started.promise;
    controller.abort();
    release.resolve();
    expect(await call).toBeInstanceOf(RequestAbortedError);
    expect(await client.readResource('file:///r')).toMatchObject({ contents: [{ text: 'r' }] });
  });
});

describe('timeouts against @mcpkit/server (C-54)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('C-54, C-51: no answer within timeoutMs is a RequestTimeoutError, and the handler is cancelled', async () => {
    const { endpoint, started, cancelled } = waitingServer();
    const client = clientOf(endpoint);
    await client.connect();
    vi.useFakeTimers();
    const call = client.callTool('wait', {}, { timeoutMs: 1000 }).catch((e: unknown) => e);
    await started.promise;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await call).toMatchObject({ name: 'RequestTimeoutError', limit: 'idle', timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled).toHaveLength(1);
  });

  it("C-54: the server's progress restarts the idle clock", async () => {
    const { endpoint } = waitingServer();
    const client = clientOf(endpoint);
    await client.connect();
    vi.useFakeTimers();
    const seen: number[] = [];
    const call = client.callTool('steps', {}, { timeoutMs: 1000, onProgress: (p) => seen.push(p.progress) });
    await vi.advanceTimersByTimeAsync(6 * 800);
    await expect(call).resolves.toMatchObject({ content: [{ text: 'done' }] });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('C-54: the hard maximum ends a call whatever progress the server sends', async () => {
    const { endpoint } = waitingServer();
    const client = clientOf(endpoint);
    await client.connect();
    vi.useFakeTimers();
    const call = client
      .callTool('beat', {}, { timeoutMs: 1000, maxTotalTimeoutMs: 3000, onProgress: () => {} })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    const failure = await call;
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).toMatchObject({ limit: 'maximum', timeoutMs: 3000 });
  });
});

describe('broken streams against @mcpkit/server (C-55)', () => {
  it('C-55: a read whose stream breaks is re-issued as a new request with a new id', async () => {
    const { endpoint } = waitingServer();
    const client = new McpClient(breakingTransport(endpoint, 'resources/read'));
    expect(await client.readResource('file:///r')).toMatchObject({ contents: [{ text: 'r' }] });
    const reads = endpoint.calls('resources/read');
    expect(reads).toHaveLength(2);
    expect(reads[0]!.id).not.toBe(reads[1]!.id);
  });

  it('C-55: a tool call whose stream breaks is not re-issued: it fails with a retryable TransportError', async () => {
    const endpoint = recorded(server());
    const client = new McpClient(breakingTransport(endpoint, 'tools/call'), { autoListTools: false });
    const failure = await client.callTool('echo').catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'TransportError', retryable: true });
    expect(endpoint.calls('tools/call')).toHaveLength(1);
  });
});
