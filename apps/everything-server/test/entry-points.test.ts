import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { createInterface } from 'node:readline';
import { LATEST_PROTOCOL_VERSION, MetaKey } from '@mcpkit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListenArgs } from '../src/args.js';
import {
  entry,
  type RunningHttpServer,
  runToExit,
  startHttpServer,
  stopAllHttpServers,
  URL_LINE,
} from './helpers/processes.js';

const meta = {
  [MetaKey.protocolVersion]: LATEST_PROTOCOL_VERSION,
  [MetaKey.clientCapabilities]: {},
};

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const message = body as { method?: string; params?: { name?: string } };
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      ...(message.method ? { 'mcp-method': message.method } : {}),
      ...(message.params?.name ? { 'mcp-name': message.params.name } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function discover(id: number) {
  return { jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: meta } };
}

/** An IPv4 address of this machine other than loopback, when it has one. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && !address.internal && address.family === 'IPv4')?.address;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('parseListenArgs', () => {
  it('defaults to 127.0.0.1 and a free port, reads HOST/PORT, and lets flags win', () => {
    expect(parseListenArgs([], {})).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseListenArgs([], { HOST: '::1', PORT: '8080' })).toEqual({ host: '::1', port: 8080 });
    expect(parseListenArgs(['--port', '0', '--host=localhost'], { PORT: '8080' })).toEqual({
      host: 'localhost',
      port: 0,
    });
  });

  it('returns a host and a valid port, or throws the usage line, for any arguments and environment', () => {
    const flagOrJunk = fc.oneof(fc.constantFrom('--host', '--port', '--port=', '--host='), fc.string());
    fc.assert(
      fc.property(
        fc.array(flagOrJunk, { maxLength: 6 }),
        fc.record({
          HOST: fc.option(fc.string(), { nil: undefined }),
          PORT: fc.option(fc.string(), { nil: undefined }),
        }),
        (argv, env) => {
          try {
            const { host, port } = parseListenArgs(argv, env);
            expect(host.length).toBeGreaterThan(0);
            expect(Number.isInteger(port) && port >= 0 && port <= 65_535).toBe(true);
          } catch (error) {
            expect((error as Error).message).toMatch(/usage: http\.js/);
          }
        },
      ),
    );
  });

  it('rejects unknown flags, missing values and bad ports with the usage line', () => {
    for (const argv of [
      ['--verbose'],
      ['--port'],
      ['--port', '-1'],
      ['--port', '70000'],
      ['--port', '1.5'],
    ]) {
      expect(() => parseListenArgs(argv, {})).toThrow(/usage: http\.js/);
    }
  });
});

describe('dist/http.js', { timeout: 30_000 }, () => {
  let server: RunningHttpServer;

  beforeAll(async () => {
    server = await startHttpServer(['--port', '0']);
  });

  afterAll(stopAllHttpServers);

  it('H-3: binds 127.0.0.1 by default and prints exactly one MCP_SERVER_URL line with the real port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    expect(server.stdout()).toBe(`MCP_SERVER_URL=${server.url}\n`);
  });

  it('listens on the port given by --port or PORT', async () => {
    const port = await freePort();
    const byFlag = await startHttpServer(['--port', String(port)]);
    expect(byFlag.url).toBe(`http://127.0.0.1:${port}/mcp`);
    expect(await byFlag.stop()).toBe(0);
    const byEnv = await startHttpServer([], { PORT: String(port) });
    expect(byEnv.url).toBe(`http://127.0.0.1:${port}/mcp`);
    expect(await byEnv.stop()).toBe(0);
  });

  it('H-3: --host 0.0.0.0 prints a loopback URL that the server answers', async () => {
    const wildcard = await startHttpServer(['--host', '0.0.0.0', '--port', '0']);
    expect(wildcard.url).toBe(`http://127.0.0.1:${wildcard.port}/mcp`);
    const response = await post(wildcard.url, discover(12));
    expect(response.status).toBe(200);
    expect(await wildcard.stop()).toBe(0);
  });

  it.skipIf(externalAddress === undefined)(
    'H-2: --host with a non-loopback address prints that URL, and the server answers it',
    async () => {
      const bound = await startHttpServer(['--host', externalAddress!, '--port', '0']);
      expect(bound.url).toBe(`http://${externalAddress}:${bound.port}/mcp`);
      const response = await post(bound.url, discover(13));
      expect(response.status).toBe(200);
      expect(await bound.stop()).toBe(0);
    },
  );

  it('exits 1 with the usage line on a bad argument', async () => {
    const run = await runToExit('http.js', ['--port', 'eighty']);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(URL_LINE);
    expect(run.stderr).toMatch(/invalid port "eighty"[\s\S]*usage: http\.js/);
  });

  it('S-1: a request without _meta is -32602 with HTTP 400 and the request id', async () => {
    const response = await post(server.url, { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: 7, error: { code: -32602 } });
  });

  it('H-20, S-4: a method this revision removed is -32601 with HTTP 404', async () => {
    const response = await post(server.url, {
      jsonrpc: '2.0',
      id: 8,
      method: 'ping',
      params: { _meta: meta },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ id: 8, error: { code: -32601 } });
  });

  it('H-27: an Mcp-Param header that does not match the body is -32020 with HTTP 400', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'test_custom_headers', arguments: { region: 'eu' }, _meta: meta },
    };
    const matching = await post(server.url, body, { 'mcp-param-region': 'eu' });
    expect(await matching.json()).toMatchObject({ result: { content: [{ text: 'region=eu query=' }] } });
    const mismatched = await post(server.url, body, { 'mcp-param-region': 'us' });
    expect(mismatched.status).toBe(400);
    expect(await mismatched.json()).toMatchObject({ id: 9, error: { code: -32020 } });
  });

  it('H-2: a request with a foreign Host or Origin is refused with 403 (DNS rebinding)', async () => {
    const body = discover(10);
    const foreign = await post(server.url, body, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const local = await post(server.url, body, { origin: `http://localhost:${server.port}` });
    expect(local.status).toBe(200);
  });

  it('S-69: without a log level, the logging tool answers with plain JSON and no log messages', async () => {
    const response = await post(server.url, {
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/call',
      params: { name: 'test_logging_tool', arguments: {}, _meta: meta },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      id: 11,
      result: { content: [{ text: 'Logging test completed' }] },
    });
  });

  it('S-50: SIGTERM ends an open listen with its final result before the process exits', async () => {
    const stopping = await startHttpServer();
    const response = await post(stopping.url, {
      jsonrpc: '2.0',
      id: 14,
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: meta },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('\n\n')) received += (await reader.read()).value ?? '';
    const exited = stopping.stop('SIGTERM');
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value;
    const messages = received
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)));
    expect(messages.at(-1)).toMatchObject({
      id: 14,
      result: { resultType: 'complete', _meta: { [MetaKey.subscriptionId]: 14 } },
    });
    expect(await exited).toBe(0);
  });

  it('stops with exit code 0 on SIGTERM and on SIGINT', async () => {
    const other = await startHttpServer();
    expect(await other.stop('SIGINT')).toBe(0);
    const again = await startHttpServer();
    expect(await again.stop('SIGTERM')).toBe(0);
  });
});

describe('dist/stdio.js', { timeout: 30_000 }, () => {
  it('T-2, T-3, T-15: answers line by line on stdout only, and exits 0 when stdin closes', async () => {
    const child = spawn(process.execPath, [entry('stdio.js')], { stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = once(child, 'exit');
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } })}\n`,
    );
    const discover = JSON.parse((await lines.next()).value as string);
    expect(discover).toMatchObject({
      id: 1,
      result: { resultType: 'complete', supportedVersions: expect.any(Array) },
    });
    child.stdin.write('not json\n');
    const parseError = JSON.parse((await lines.next()).value as string);
    expect(parseError).toMatchObject({ error: { code: -32700 } });
    child.stdin.end();
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
