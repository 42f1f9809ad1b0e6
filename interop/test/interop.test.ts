import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type EraVerdict, McpClient, type McpClientOptions } from '@mcpkit/client';
import type { ClientTransport } from '@mcpkit/protocol';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module fixture, without types
import { buildServer, streamableHttpHandler } from './fixtures/sdk-v1-server.mjs';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** McpClient in its default configuration (era `auto`), closed after the test. */
function client(transport: ClientTransport, options: McpClientOptions = {}): McpClient {
  const mcp = new McpClient(transport, {
    clientInfo: { name: 'mcpkit-interop', version: '0.0.0' },
    ...options,
  });
  cleanups.push(() => mcp.close());
  return mcp;
}

function stdio(...args: string[]): ClientTransport {
  return createStdioClientTransport({ command: process.execPath, args, stderr: 'ignore' });
}

function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content.map((block) => block.text ?? '').join('');
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a server process listening on `port` and waits until it accepts connections. */
async function serve(args: string[], env: Record<string, string>, port: number): Promise<void> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  cleanups.push(() => child.kill());
  let exitCode: number | null | undefined;
  child.once('exit', (code) => {
    exitCode = code;
  });
  // A loaded 2-core machine takes several seconds to import FastMCP; a process that exits fails at once.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && exitCode === undefined) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const why = exitCode === undefined ? 'within 60 s' : `(it exited with ${exitCode})`;
  throw new Error(`${args.join(' ')} did not listen on ${port} ${why}`);
}

/** The official SDK v1 over Streamable HTTP in this process, with sessions or stateless. */
async function sdkV1Http(stateful: boolean, getDelayMs = 0): Promise<string> {
  const handle = streamableHttpHandler(stateful);
  // A delayed GET plays a loaded machine, where the standalone stream's GET reaches the server late.
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && getDelayMs > 0)
      setTimeout(() => void handle(request, response), getDelayMs);
    else void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  cleanups.push(() => server.closeAllConnections());
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
}

/** The official SDK v1 over its deprecated HTTP+SSE transport (SSEServerTransport) in this process. */
async function sdkV1Sse(): Promise<string> {
  const sessions = new Map<string, SSEServerTransport>();
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/message', response);
      sessions.set(transport.sessionId, transport);
      response.on('close', () => sessions.delete(transport.sessionId));
      await buildServer().connect(transport);
      return;
    }
    const session = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (request.method === 'POST' && url.pathname === '/message' && session) {
      return session.handlePostMessage(request, response);
    }
    response.writeHead(404).end();
  };
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  cleanups.push(() => server.closeAllConnections());
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/sse`;
}

/** Lists the tools and calls `name` with `args`; returns the result's text. */
async function listAndCall(mcp: McpClient, name: string, args: Record<string, unknown>): Promise<string> {
  const tools = await mcp.listTools();
  expect(tools.tools.map((tool) => tool.name)).toContain(name);
  const result = await mcp.callTool(name, args);
  expect(result.isError ?? false).toBe(false);
  return textOf(result);
}

const askName = {
  handlers: {
    elicitation: { form: async () => ({ action: 'accept' as const, content: { name: 'Ada' } }) },
  },
};

describe('McpClient against real servers from npm', { timeout: 120_000 }, () => {
  it('official SDK v1 McpServer over stdio: lists, calls, and its elicitInput reaches the handler', async () => {
    const mcp = client(stdio(fixture('sdk-v1-server.mjs'), 'stdio'), askName);
    expect(await listAndCall(mcp, 'add', { a: 2, b: 3 })).toBe('5');
    expect(mcp.server?.era).toBe('legacy');
    expect(JSON.parse(textOf(await mcp.callTool('ask-name')))).toEqual({
      action: 'accept',
      content: { name: 'Ada' },
    });
  });

  it('official SDK v1 over Streamable HTTP with sessions: lists, calls, elicitInput', async () => {
    const mcp = client(createHttpClientTransport(await sdkV1Http(true)), askName);
    expect(await listAndCall(mcp, 'add', { a: 2, b: 3 })).toBe('5');
    expect(JSON.parse(textOf(await mcp.callTool('ask-name')))).toMatchObject({ content: { name: 'Ada' } });
  });

  it('official SDK v1 over Streamable HTTP, its GET stream slow to open: requests wait for it, so elicitInput sent there arrives', async () => {
    // SDK v1 sends elicitInput on the standalone GET stream and drops it while none is open: a call
    // made before the server registered the stream would wait for an answer that cannot come.
    const mcp = client(createHttpClientTransport(await sdkV1Http(true, 300)), askName);
    await mcp.connect();
    const answer = await mcp.callTool('ask-name', {}, { timeoutMs: 5000 });
    expect(JSON.parse(textOf(answer))).toMatchObject({ content: { name: 'Ada' } });
  });

  it('official SDK v1 over Streamable HTTP, stateless: lists and calls', async () => {
    const mcp = client(createHttpClientTransport(await sdkV1Http(false)));
    expect(await listAndCall(mcp, 'add', { a: 4, b: 5 })).toBe('9');
  });

  it('@modelcontextprotocol/server-everything over stdio', async () => {
    const mcp = client(stdio(everything, 'stdio'));
    expect(await listAndCall(mcp, 'echo', { message: 'hi' })).toContain('hi');
  });

  it('@modelcontextprotocol/server-everything over Streamable HTTP', async () => {
    const port = await freePort();
    await serve([everything, 'streamableHttp'], { PORT: String(port) }, port);
    const mcp = client(createHttpClientTransport(`http://127.0.0.1:${port}/mcp`));
    expect(await listAndCall(mcp, 'echo', { message: 'hi' })).toContain('hi');
  });

  it('B-7: @modelcontextprotocol/server-everything in its deprecated HTTP+SSE mode', async () => {
    const port = await freePort();
    await serve([everything, 'sse'], { PORT: String(port) }, port);
    const url = `http://127.0.0.1:${port}/sse`;
    const eraVerdicts = new Map<string, EraVerdict>();
    const mcp = client(createHttpClientTransport(url), { eraVerdicts });
    expect(await listAndCall(mcp, 'echo', { message: 'hi' })).toContain('hi');
    expect(mcp.server?.era).toBe('legacy');
    expect(eraVerdicts.get(url)).toBe('legacy-sse');
  });

  it('B-7 B-13: official SDK v1 over its HTTP+SSE transport: lists, calls, and elicitInput reaches the handler', async () => {
    const url = await sdkV1Sse();
    const eraVerdicts = new Map<string, EraVerdict>();
    const mcp = client(createHttpClientTransport(url), { ...askName, eraVerdicts });
    expect(await listAndCall(mcp, 'add', { a: 2, b: 3 })).toBe('5');
    expect(mcp.server?.era).toBe('legacy');
    expect(eraVerdicts.get(url)).toBe('legacy-sse');
    expect(JSON.parse(textOf(await mcp.callTool('ask-name')))).toMatchObject({ content: { name: 'Ada' } });
  });

  it('C-58 C-40: listen on server-everything over stdio subscribes with resources/subscribe and gets its updates', async () => {
    const mcp = client(stdio(everything, 'stdio'));
    const uri = 'demo://resource/dynamic/text/1';
    const subscription = mcp.listen({ resourceSubscriptions: [uri] });
    expect(await subscription.acknowledged).toEqual({ resourceSubscriptions: [uri] });
    const next = subscription.next();
    await mcp.callTool('toggle-subscriber-updates');
    expect((await next).value).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri },
    });
    subscription.close();
  });

  it('C-58 B-11: listen on server-everything over Streamable HTTP gets the updates from the standalone GET stream', async () => {
    const port = await freePort();
    await serve([everything, 'streamableHttp'], { PORT: String(port) }, port);
    const mcp = client(createHttpClientTransport(`http://127.0.0.1:${port}/mcp`));
    const uri = 'demo://resource/dynamic/text/2';
    const subscription = mcp.listen({ resourceSubscriptions: [uri] });
    expect(await subscription.acknowledged).toEqual({ resourceSubscriptions: [uri] });
    const next = subscription.next();
    await mcp.callTool('toggle-subscriber-updates');
    expect((await next).value).toMatchObject({ method: 'notifications/resources/updated', params: { uri } });
    subscription.close();
  });

  it('FastMCP over stdio', async () => {
    const mcp = client(stdio(fixture('fastmcp-server.mjs'), 'stdio'));
    expect(await listAndCall(mcp, 'add', { a: 1, b: 1 })).toBe('2');
  });

  it('FastMCP over httpStream', async () => {
    const port = await freePort();
    await serve([fixture('fastmcp-server.mjs'), 'httpStream', String(port)], {}, port);
    const mcp = client(createHttpClientTransport(`http://127.0.0.1:${port}/mcp`));
    expect(await listAndCall(mcp, 'add', { a: 20, b: 22 })).toBe('42');
  });
});
