import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createInMemoryTransport, McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { describe, expect, it } from 'vitest';
import protectedWorker from '../src/auth-server.js';
import { timedCalls } from '../src/client-middleware.js';
import worker from '../src/cloudflare-worker.js';
import { readToolResult } from '../src/decode-line.js';
import { createExpressApp } from '../src/express.js';
import { createFastifyApp } from '../src/fastify.js';
import { app as honoApp } from '../src/hono.js';
import { forecastFor } from '../src/in-memory-testing.js';
import { hearToolListChange } from '../src/listen.js';
import { serve as serveMigrated } from '../src/migrating-from-sdk-v1.js';
import { bookWithTwoSeats } from '../src/multi-round-trip.js';
import { POST as nextPost } from '../src/nextjs-route.js';
import { greetInFrench } from '../src/server-extension.js';
import { server as guardedServer, refusals } from '../src/server-middleware.js';
import { buildAsTask } from '../src/tasks.js';

const run = promisify(execFile);
const program = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

/** Calls the weather tool through the HTTP client transport at `url`, optionally with a fetch of its own. */
async function weatherOver(url: string, fetch?: (request: Request) => Response | Promise<Response>) {
  const transport = createHttpClientTransport(
    url,
    fetch ? { fetch: async (input, init) => fetch(new Request(input, init)) } : {},
  );
  const client = new McpClient(transport);
  await client.connect();
  const result = await client.callTool('get_weather', { city: 'Rome' });
  await client.close();
  return result.structuredContent;
}

const ROME = { city: 'Rome', forecast: 'sunny' };

describe('examples run', () => {
  it('hello world over stdio: the client spawns the server, sees progress and the result', async () => {
    const { stdout } = await run(process.execPath, [program('hello-stdio-client')]);
    expect(stdout).toContain('progress 1 Calling the weather API');
    expect(stdout).toContain("{ city: 'Lisbon', forecast: 'sunny' }");
  });

  it('hello world over HTTP: listen, call, close', async () => {
    const { stdout } = await run(process.execPath, [program('hello-http')]);
    expect(stdout).toMatch(/serving http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(stdout).toContain("{ city: 'Oslo', forecast: 'sunny' }");
  });

  it('Express', async () => {
    const server = createExpressApp().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await weatherOver(`http://127.0.0.1:${port}/mcp`)).toEqual(ROME);
    } finally {
      server.close();
    }
  });

  it('Fastify', async () => {
    const app = createFastifyApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await weatherOver(`${address}/mcp`)).toEqual(ROME);
    } finally {
      await app.close();
    }
  });

  it('Hono, a Next.js route handler and a Worker answer Web Requests', async () => {
    expect(await weatherOver('http://localhost/mcp', (request) => honoApp.fetch(request))).toEqual(ROME);
    expect(await weatherOver('http://localhost/mcp', nextPost)).toEqual(ROME);
    expect(
      await weatherOver('https://weather.example.workers.dev/mcp', (request) => worker.fetch(request)),
    ).toEqual(ROME);
  });

  it('the server of the migration guide: progress, a log message, a question, over HTTP', async () => {
    const http = await serveMigrated(0);
    const client = new McpClient(createHttpClientTransport(http.url), {
      logLevel: 'info',
      handlers: { elicitation: { form: async () => ({ action: 'accept', content: { ok: true } }) } },
    });
    const progress: (string | undefined)[] = [];
    const logs: unknown[] = [];
    try {
      const result = await client.callTool(
        'book_table',
        { city: 'Porto', seats: 2 },
        { onProgress: (p) => progress.push(p.message), onLog: (m) => logs.push(m.data) },
      );
      expect(result.content).toEqual([{ type: 'text', text: 'Booked 2 seats in Porto' }]);
      expect(progress).toContain('Booked');
      expect(logs).toContain('Searching Porto');
    } finally {
      await client.close();
      await http.close();
    }
  });

  it('in-memory testing, a multi round-trip call and a listen', async () => {
    expect(await forecastFor('Rome')).toEqual(ROME);
    expect(await bookWithTwoSeats()).toBe('Booked 2 seats in Porto');
    const built = await buildAsTask();
    expect(built.text).toBe('built and deployed main');
    expect(built.taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await hearToolListChange()).toBe('notifications/tools/list_changed');
  });

  it('a server extension of its own: advertised, and a handler reads the locale the request declared', async () => {
    expect(await greetInFrench()).toEqual({ text: 'Bonjour', advertised: { locales: ['en', 'fr'] } });
  });

  it('client middleware times every call: the discovery probe and the tools/list walk before an unseen tool included', async () => {
    expect(await timedCalls()).toEqual(['server/discover', 'tools/list', 'tools/call']);
  });

  it('server middleware: a caller lists and calls only the tools it is granted', async () => {
    const client = new McpClient(createInMemoryTransport(guardedServer));
    await client.connect();
    const names = [];
    for await (const tool of client.iterateTools()) names.push(tool.name);
    expect(names).toEqual(['public']);
    await expect(client.callTool('admin', {})).rejects.toThrow('Unknown tool: admin');
    await expect(client.callTool('nowhere', {})).rejects.toThrow('nowhere');
    await client.close();
    expect(refusals).toEqual([expect.stringMatching(/^tools\/call #\d+: -32602$/)]);
  });

  it('decoding a line: bad JSON is -32700, a response is its checked result', () => {
    expect(readToolResult('{')).toMatchObject({ error: { code: -32700 } });
    const line = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
    expect(readToolResult(line)).toMatchObject({
      ok: true,
      value: { content: [{ type: 'text', text: 'hi' }] },
    });
  });

  it('a protected server: its metadata is served, and a call without a token is 401 with a challenge', async () => {
    const metadata = await protectedWorker.fetch(
      new Request('https://mcp.example.com/.well-known/oauth-protected-resource/mcp'),
    );
    expect(await metadata.json()).toMatchObject({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
    });
    const call = await protectedWorker.fetch(
      new Request('https://mcp.example.com/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      }),
    );
    expect(call.status).toBe(401);
    expect(call.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata=/);
  });

  it('tracing: one trace from the agent turn through the server to the weather API, drawn as SVG', async () => {
    const svg = join(mkdtempSync(join(tmpdir(), 'otel-example-')), 'trace.svg');
    const { stdout } = await run(process.execPath, [program('otel-timeline'), svg]);
    expect(stdout).toMatch(/^\d+ spans of trace [0-9a-f]{32}$/m);
    const drawn = readFileSync(svg, 'utf8');
    for (const name of [
      'agent turn',
      'tools/call get_forecast',
      'GET /forecast',
      'service.name = weather-server',
    ])
      expect(drawn).toContain(name);
  });
});
