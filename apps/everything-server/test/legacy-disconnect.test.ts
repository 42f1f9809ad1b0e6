import { PassThrough } from 'node:stream';
import { McpServer } from '@mcpkit/server';
import { serveHttp } from '@mcpkit/transport-http/node';
import { serveStreams } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacyHttpClient, messagesOf, readEvents } from './helpers/legacy-http.js';

/** A call of `slow`, as the server's handler saw it. */
interface SlowCall {
  readonly signal: AbortSignal;
  finish(): void;
}

/** A server whose `slow` tool waits until the test finishes it or its request is cancelled. */
function slowServer() {
  const calls = new Map<string, SlowCall>();
  const arrivals: Array<() => void> = [];
  const server = new McpServer(
    { name: 'slow', version: '1.0.0' },
    { capabilities: { logging: {} }, onError: () => {} },
  );
  server.tool('slow', { inputSchema: { type: 'object' } }, async (args, ctx) => {
    const key = String((args as { key: string }).key);
    ctx.log.info('started');
    try {
      await new Promise<void>((resolve, reject) => {
        calls.set(key, { signal: ctx.signal, finish: resolve });
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
        for (const arrived of arrivals.splice(0)) arrived();
      });
    } finally {
      calls.delete(key);
    }
    return { content: [{ type: 'text', text: `done ${key}` }] };
  });
  /** Resolves with the call of `key` once its handler runs. */
  async function started(key: string): Promise<SlowCall> {
    for (;;) {
      const call = calls.get(key);
      if (call !== undefined) return call;
      await new Promise<void>((resolve) => arrivals.push(resolve));
    }
  }
  return { server, calls, started };
}

const callSlow = (id: number, key: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'slow', arguments: { key } },
});

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );

/** The response to a call: the JSON body, or the last message of its SSE stream. */
async function answerOf(response: Response): Promise<unknown> {
  if (response.headers.get('content-type')?.startsWith('application/json')) return response.json();
  return messagesOf(await readEvents(response)).at(-1);
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('a 2025-era client that disconnects mid-request', () => {
  it('B-11, S-63: a client that drops its POST stream mid-call and never resumes: the call ends after the resume window, nothing of it stays, the session and other sessions carry on', async () => {
    const { server, calls, started } = slowServer();
    // A dropped stream is not a cancellation in 2025-11-25 (the client may resume with
    // Last-Event-ID); the server gives up on it after resumeWindowMs.
    const http = await serveHttp(server, { port: 0, resumeWindowMs: 100 });
    stops.push(() => http.close());
    // The LegacyHttpClient speaks to a handler; this one carries its requests over a real socket.
    const overSocket = async (request: Request) =>
      fetch(http.url, {
        method: request.method,
        headers: request.headers,
        body: request.method === 'POST' ? await request.text() : undefined,
      });
    const leaver = new LegacyHttpClient(overSocket);
    const bystander = new LegacyHttpClient(overSocket);
    await leaver.initialize();
    await bystander.initialize();
    // The tool's log line opens the leaver's stream: it reads that far, then leaves.
    const level = { jsonrpc: '2.0', id: 'level', method: 'logging/setLevel', params: { level: 'info' } };
    expect((await leaver.post(level)).status).toBe(200);

    const bystanderCall = bystander.post(callSlow(1, 'bystander'));
    const leaving = new AbortController();
    const leaverCall = await fetch(http.url, {
      method: 'POST',
      headers: leaver.headers(),
      body: JSON.stringify(callSlow(1, 'leaver')),
      signal: leaving.signal,
    });
    expect(leaverCall.headers.get('content-type')).toBe('text/event-stream');
    await readEvents(leaverCall, (events) => events.some((event) => event.data.includes('started')));
    const dropped = await started('leaver');
    const kept = await started('bystander');
    leaving.abort();
    await aborted(dropped.signal);
    expect(kept.signal.aborted).toBe(false);

    // The other session's call runs to its answer.
    kept.finish();
    expect(await answerOf(await bystanderCall)).toMatchObject({
      id: 1,
      result: { content: [{ text: 'done bystander' }] },
    });

    // The session that left holds nothing of its dropped call: the same id runs again and answers.
    expect(calls.has('leaver')).toBe(false);
    const again = leaver.post(callSlow(1, 'leaver'));
    (await started('leaver')).finish();
    expect(await answerOf(await again)).toMatchObject({
      id: 1,
      result: { content: [{ text: 'done leaver' }] },
    });
    const ping = await leaver.post({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toMatchObject({ id: 2, result: {} });
  });

  it('B-11, S-63: a client that drops its POST before the server has sent anything: the call still ends after the resume window', async () => {
    const { server, calls, started } = slowServer();
    const http = await serveHttp(server, { port: 0, resumeWindowMs: 100 });
    stops.push(() => http.close());
    const leaver = new LegacyHttpClient(async (request: Request) =>
      fetch(http.url, { method: request.method, headers: request.headers, body: await request.text() }),
    );
    await leaver.initialize();

    // No log level is set, so the slow call sends nothing (no headers, no event) before it ends.
    const leaving = new AbortController();
    const posting = fetch(http.url, {
      method: 'POST',
      headers: leaver.headers(),
      body: JSON.stringify(callSlow(1, 'leaver')),
      signal: leaving.signal,
    }).catch(() => undefined);
    const dropped = await started('leaver');
    leaving.abort();
    await posting;
    await aborted(dropped.signal);
    expect(calls.has('leaver')).toBe(false);
    const ping = await leaver.post({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(await ping.json()).toMatchObject({ id: 2, result: {} });
  });

  it('S-62, T-15: over stdio, stdin closing mid-request cancels the call and the connection closes cleanly', async () => {
    const { server, started } = slowServer();
    const leaver = connectStdio(server);
    leaver.send(callSlow(1, 'leaver'));
    const dropped = await started('leaver');

    leaver.input.end();
    await leaver.running.closed;
    await aborted(dropped.signal);
    expect(leaver.messages().map((message) => message.id)).toEqual([0]);

    // The server itself is unharmed: a new connection runs the same tool to its answer.
    const next = connectStdio(server);
    next.send(callSlow(1, 'next'));
    (await started('next')).finish();
    next.input.end();
    await next.running.closed;
    expect(next.messages().at(-1)).toMatchObject({ id: 1, result: { content: [{ text: 'done next' }] } });
  });
});

/** An initialized 2025-era stdio connection to `server` over in-memory pipes. */
function connectStdio(server: McpServer) {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (written += chunk));
  const running = serveStreams(server, { input, output }, { shutdownGraceMs: 50 });
  const send = (message: unknown) => input.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'stdio', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const messages = () =>
    written
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { input, running, send, messages };
}
