import { httpStatusFor, TASKS_EXTENSION } from '@mcpkit/protocol';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from './fixtures.js';
import { closeAll, type Instance, modernClient, open2025, post2025, startInstances } from './instances.js';
import { startRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis;
let instances: Instance[];
beforeAll(async () => {
  redis = await startRedis();
  instances = await startInstances(redis.url, 2);
});
afterAll(async () => {
  await closeAll(instances ?? []);
  await redis?.stop();
});

async function lastItem<T>(items: AsyncIterable<T>): Promise<T | undefined> {
  let last: T | undefined;
  for await (const item of items) last = item;
  return last;
}

const connectVia = (url: string, fetch: typeof globalThis.fetch) => createHttpClientTransport(url, { fetch });
const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'whoami', arguments: {} },
});

describe('Redis down', () => {
  it('stateless calls keep working; session requests fail within 5 s with 503 and a JSON-RPC error; all recovers', async () => {
    const [a, b] = instances as [Instance, Instance];
    const client = modernClient(instances, connectVia);
    await client.connect();
    const session = await open2025(a);
    await redis.stop();

    for (let i = 0; i < 3; i++) {
      expect((await client.callTool('whoami', {})).content[0]).toMatchObject({
        text: expect.stringMatching(/^instance=/),
      });
    }
    let started = performance.now();
    const refused = await post2025(b, call(1), session);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: expect.stringContaining('is unavailable') },
    });
    started = performance.now();
    const init = await post2025(a, {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'v1', version: '1' } },
    });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(init.status).toBe(503);
    expect(init.body).toMatchObject({ error: { code: -32603 } });

    started = performance.now();
    const task = await lastItem(
      b.server.handle(
        {
          jsonrpc: '2.0',
          id: 9,
          method: 'tasks/get',
          params: {
            taskId: 'any',
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
            },
          },
        },
        { transport: 'memory', signal: new AbortController().signal },
      ),
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect(task).toMatchObject({ failure: 'unavailable', response: { error: { code: -32603 } } });
    expect(httpStatusFor('unavailable')).toBe(503);

    await redis.restart();
    // Redis came back empty (no persistence): a new session works once the clients reconnected.
    let reopened: string | undefined;
    for (let attempt = 0; reopened === undefined && attempt < 50; attempt++) {
      reopened = await open2025(a).catch(() => undefined);
      if (reopened === undefined) await sleep(100);
    }
    expect(reopened).toBeDefined();
    const served = await post2025(b, call(3), reopened);
    expect(served.status).toBe(200);
    expect((await client.callTool('whoami', {})).content[0]).toMatchObject({ type: 'text' });
    await client.close();
  });

  it('a Redis that stops answering (frozen) fails session requests, resumptions and DELETE within 5 s with 503', async () => {
    const [a, b] = instances as [Instance, Instance];
    const session = await open2025(a);
    redis.pause();
    try {
      let started = performance.now();
      const refused = await post2025(b, call(4), session);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({
        id: 4,
        error: { code: -32603, message: expect.stringContaining('is unavailable') },
      });
      started = performance.now();
      const resumed = await a.handle(
        new Request('http://cluster/mcp', {
          headers: {
            accept: 'text/event-stream',
            'mcp-session-id': session,
            'mcp-protocol-version': '2025-11-25',
            'last-event-id': 'x.1-0',
          },
        }),
      );
      expect(performance.now() - started).toBeLessThan(5000);
      expect(resumed.status).toBe(503);
      expect(await resumed.json()).toMatchObject({
        error: { code: -32603, message: expect.stringContaining('is unavailable') },
      });
      started = performance.now();
      const ended = await b.handle(
        new Request('http://cluster/mcp', {
          method: 'DELETE',
          headers: { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
        }),
      );
      expect(performance.now() - started).toBeLessThan(5000);
      expect(ended.status).toBe(503);
    } finally {
      redis.resume();
    }
    let served = 0;
    for (let attempt = 0; served !== 200 && attempt < 50; attempt++) {
      served = (await post2025(b, call(5), session)).status;
      if (served !== 200) await sleep(100);
    }
    expect(served).toBe(200);
  });
});
