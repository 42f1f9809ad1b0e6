import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances } from './instances.js';
import { startRedis, type TestRedis } from './redis-server.js';

// A 2025 session's answers to elicitation/create, POSTed to another instance than the one that asked.

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(handle: (request: Request) => Promise<Response>, body: object, sessionId?: string) {
  const headers: Record<string, string> = { ...HEADERS, 'mcp-protocol-version': '2025-11-25' };
  if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
  return handle(new Request('http://cluster/mcp', { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** Reads the SSE messages of `response` one at a time. */
function messages(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((line) => line.startsWith('data:'));
        const json = data?.slice(5).trim();
        if (json) return JSON.parse(json);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
}

async function openSession(handle: (request: Request) => Promise<Response>): Promise<string> {
  const params = {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: {} },
    clientInfo: { name: 'c', version: '1' },
  };
  const response = await post(handle, { jsonrpc: '2.0', id: 0, method: 'initialize', params });
  await response.body?.cancel();
  const sessionId = response.headers.get('mcp-session-id')!;
  await (
    await post(handle, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId)
  ).body?.cancel();
  return sessionId;
}

/** `greet` on `asker`, read up to its elicitation/create. */
async function greet(asker: (request: Request) => Promise<Response>, sessionId: string) {
  const response = await post(
    asker,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet', arguments: {} } },
    sessionId,
  );
  const next = messages(response);
  const asked = await next();
  expect(asked).toMatchObject({ method: 'elicitation/create' });
  return { id: asked.id as string, next };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const accept = (id: string) => ({
  jsonrpc: '2.0',
  id,
  result: { action: 'accept', content: { name: 'Ada' } },
});

describe('RedisAnswerRouter', () => {
  it('an answer POSTed to another instance reaches the one that asked; a second one is refused', async () => {
    const [x, y] = await startInstances(redis.url, 2);
    try {
      const sessionId = await openSession(x!.handle);
      const { id, next } = await greet(x!.handle, sessionId);
      const answered = await post(y!.handle, accept(id), sessionId);
      expect(answered.status).toBe(202);
      expect(await next()).toMatchObject({ id: 1, result: { content: [{ text: 'hello Ada from i0' }] } });
      const again = await post(y!.handle, accept(id), sessionId);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ id, error: { code: -32600 } });
    } finally {
      await Promise.all([x, y].map((instance) => instance!.cluster.close()));
    }
  });

  it('an answer to an id no instance asked is refused (400)', async () => {
    const [x, y] = await startInstances(redis.url, 2);
    try {
      const sessionId = await openSession(x!.handle);
      const refused = await post(y!.handle, accept('mcpkit-nobody-1'), sessionId);
      expect(refused.status).toBe(400);
    } finally {
      await Promise.all([x, y].map((instance) => instance!.cluster.close()));
    }
  });

  it('an answer whose asker is gone is refused, not lost', async () => {
    const [x, y] = await startInstances(redis.url, 2);
    try {
      const sessionId = await openSession(x!.handle);
      const { id } = await greet(x!.handle, sessionId);
      // Its connections closed: nobody hears its channel any more, though its key lives on.
      await x!.cluster.close();
      const refused = await post(y!.handle, accept(id), sessionId);
      expect(refused.status).toBe(400);
    } finally {
      await y!.cluster.close();
    }
  });

  it("the client's cancellation, POSTed to another instance, withdraws the question on the one that asked", async () => {
    const [x, y] = await startInstances(redis.url, 2);
    try {
      const sessionId = await openSession(x!.handle);
      const { id, next } = await greet(x!.handle, sessionId);
      const cancel = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'closed the form' },
      };
      expect((await post(y!.handle, cancel, sessionId)).status).toBe(202);
      const final = await next();
      expect(JSON.stringify(final)).toMatch(/cancelled elicitation\/create: closed the form/);
    } finally {
      await Promise.all([x, y].map((instance) => instance!.cluster.close()));
    }
  });

  it('a question nobody answers times out on the instance that asked, as in one process; the late answer, through another instance, is refused', async () => {
    const [x, y] = await startInstances(redis.url, 2, undefined, {}, {}, 300);
    try {
      const sessionId = await openSession(x!.handle);
      const { id, next } = await greet(x!.handle, sessionId);
      const started = performance.now();
      // The question is withdrawn on the stream it went out on, then the call ends.
      expect(await next()).toMatchObject({
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'Timed out' },
      });
      const final = await next();
      expect(performance.now() - started).toBeLessThan(2000);
      // The tool's ctx.elicit rejected with the timeout: the call fails with it.
      expect(final).toMatchObject({
        id: 1,
        error: { message: expect.stringContaining('did not answer elicitation/create within 300 ms') },
      });
      const late = await post(y!.handle, accept(id), sessionId);
      expect(late.status).toBe(400);
      expect(await late.json()).toMatchObject({ id, error: { code: -32600 } });
      // The asker is still there and routes answers that come in time.
      const again = await greet(x!.handle, sessionId);
      expect((await post(y!.handle, accept(again.id), sessionId)).status).toBe(202);
      expect(await again.next()).toMatchObject({ result: { content: [{ text: 'hello Ada from i0' }] } });
    } finally {
      await Promise.all([x, y].map((instance) => instance!.cluster.close()));
    }
  });

  it("the client's cancellation of its own request, POSTed to another instance, stops it on the instance running it", async () => {
    const [x, y] = await startInstances(redis.url, 2);
    try {
      const sessionId = await openSession(x!.handle);
      const running = post(
        x!.handle,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'hold', arguments: {} } },
        sessionId,
      );
      await until(() => x!.started.has('hold'));
      const cancel = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 7, reason: 'no longer needed' },
      };
      expect((await post(y!.handle, cancel, sessionId)).status).toBe(202);
      await until(() => x!.aborted.has('hold'));
      expect(y!.aborted.has('hold')).toBe(false);
      await (await running).body?.cancel();
    } finally {
      await Promise.all([x, y].map((instance) => instance!.cluster.close()));
    }
  });
});
