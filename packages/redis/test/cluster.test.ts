import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, type Instance, modernClient, open2025, post2025, startInstances } from './instances.js';
import { startRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis;
let instances: Instance[];
let monitor: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startRedis();
  instances = await startInstances(redis.url, 2);
  monitor = createClient({ url: redis.url });
  await monitor.connect();
});
afterAll(async () => {
  await monitor?.quit();
  await closeAll(instances ?? []);
  await redis?.stop();
});

const connectVia = (url: string, fetch: typeof globalThis.fetch) => createHttpClientTransport(url, { fetch });

/** Every command Redis receives from now on, but the task leases' renewals (a timer, not a request). */
async function watchCommands(): Promise<{ seen: string[]; stop(): Promise<void> }> {
  const watcher = monitor.duplicate();
  await watcher.connect();
  const seen: string[] = [];
  await watcher.monitor((line: string) => {
    if (!/"SET" "[^"]*:runner:/.test(line)) seen.push(line);
  });
  return { seen, stop: () => watcher.destroy() as unknown as Promise<void> };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('many instances on one Redis', () => {
  it('a modern stateless tools/call sends no command to Redis', async () => {
    const client = modernClient(instances, connectVia);
    await client.connect();
    const commands = await watchCommands();
    for (let i = 0; i < 4; i++) expect(text(await client.callTool('whoami', {}))).toMatch(/^instance=/);
    await settle();
    expect(commands.seen).toEqual([]);
    await commands.stop();
    await client.close();
  });

  it('the same count sees the commands of a 2025 session request (the check above can fail)', async () => {
    const session = await open2025(instances[0]!);
    const commands = await watchCommands();
    const called = await post2025(
      instances[1]!,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
      session,
    );
    expect(called.status).toBe(200);
    await settle();
    expect(commands.seen.length).toBeGreaterThan(0);
    await commands.stop();
  });

  it('MRTR: a greet whose retry lands on the other instance is answered there', async () => {
    const turns: string[] = [];
    const client = modernClient(instances, connectVia, turns);
    await client.connect();
    turns.length = 0;
    const answered = text(await client.callTool('greet', {}));
    // The question was asked on one instance, the answer taken on the other (the client may
    // list the tools first).
    const [asked, retried] = turns.slice(-2);
    expect(asked).not.toBe(retried);
    expect(answered).toBe(`hello Ada from ${retried}`);
    await client.close();
  });

  it('a 2025 session opened on one instance serves requests on every instance; DELETE on one ends it on all', async () => {
    const [a, b] = instances as [Instance, Instance];
    const session = await open2025(a);
    for (const instance of [a, b, a, b]) {
      const called = await post2025(
        instance,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
        session,
      );
      expect(called.body?.result).toMatchObject({
        content: [{ type: 'text', text: `instance=${instance.name}` }],
      });
    }
    const ended = await b.handle(
      new Request('http://cluster/mcp', {
        method: 'DELETE',
        headers: { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
      }),
    );
    expect(ended.status).toBe(204);
    for (const instance of [a, b]) {
      const after = await post2025(instance, { jsonrpc: '2.0', id: 3, method: 'ping' }, session);
      expect(after.status).toBe(404);
    }
  });

  it('list_changed made on one instance reaches a listen stream on the other within 2 s', async () => {
    const [a, b] = instances as [Instance, Instance];
    const client = modernClient([b], connectVia);
    await client.connect();
    const subscription = client.listen({ toolsListChanged: true });
    const iterator = subscription[Symbol.asyncIterator]();
    const heard = iterator.next();
    // Each instance subscribes to the bus when it starts, so once `b` acknowledged the listen it hears `a`.
    await subscription.acknowledged;
    const started = performance.now();
    const handle = a.server.tool('extra', {}, async () => ({ content: [] }));
    const first = await heard;
    expect(first.value).toMatchObject({ method: 'notifications/tools/list_changed' });
    expect(performance.now() - started).toBeLessThan(2000);
    handle.remove();
    await iterator.return?.();
    await client.close();
  });

  it("resources/updated made on one instance reaches a 2025 session's GET stream on the other, for its subscriptions only", async () => {
    const [a, b] = instances as [Instance, Instance];
    const session = await open2025(a);
    const subscribed = await post2025(
      b,
      { jsonrpc: '2.0', id: 4, method: 'resources/subscribe', params: { uri: 'demo://counter' } },
      session,
    );
    expect(subscribed.status).toBe(200);
    const stream = await b.handle(
      new Request('http://cluster/mcp', {
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': session,
          'mcp-protocol-version': '2025-11-25',
        },
      }),
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await a.server.notifyResourceUpdated('demo://other');
    await a.server.notifyResourceUpdated('demo://counter');
    let seen = '';
    const deadline = Date.now() + 2000;
    while (!seen.includes('demo://counter') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
    expect(seen).toContain('"method":"notifications/resources/updated"');
    expect(seen).toContain('demo://counter');
    expect(seen).not.toContain('demo://other');
    await reader.cancel();
  });

  it("DELETE on one instance closes the session's GET stream held by another", async () => {
    const [a, b] = instances as [Instance, Instance];
    const session = await open2025(a);
    const stream = await a.handle(
      new Request('http://cluster/mcp', {
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': session,
          'mcp-protocol-version': '2025-11-25',
        },
      }),
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    const deleted = await b.handle(
      new Request('http://cluster/mcp', {
        method: 'DELETE',
        headers: { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
      }),
    );
    expect(deleted.status).toBe(204);
    const timeout = new Promise((resolve) => setTimeout(() => resolve(false), 2000));
    expect(await Promise.race([ended, timeout])).toBe(true);
  });
});
