import { TaskCancelledError } from '@mcpkit/client';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernClient, textOf, v1Client } from './harness/clients.js';
import { type Cluster, NAMES, startCluster } from './harness/cluster.js';
import type { Hop } from './harness/hops.js';

// Three instances behind HAProxy's per-request round robin, sharing one Redis: every request of a
// client may land on any instance, and the clients must not notice (issue 33, "Done when").

let cluster: Cluster;
const servedBy = (hops: readonly Hop[], rpc: string) =>
  hops.filter((hop) => hop.rpc === rpc).map((hop) => hop.servedBy);
const until = async (check: () => boolean, timeoutMs: number, what: string | (() => string)) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    const subject = typeof what === 'string' ? what : what();
    if (Date.now() > deadline) throw new Error(`${subject}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

beforeAll(async () => {
  cluster = await startCluster(`cluster-test-${process.pid}`);
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
});

describe('cluster-demo: three instances behind a round-robin balancer, one Redis', () => {
  it('requests of a 2026 client spread over all three instances', async () => {
    const { client } = await modernClient(cluster.url);
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) names.add(textOf(await client.callTool('whoami', {})));
    expect([...names].sort()).toEqual(NAMES.map((name) => `instance=${name}`));
    await client.close();
  });

  it('MRTR: greet asked on one instance is retried, with its requestState, on another and answered', async () => {
    const { client, hops } = await modernClient(cluster.url);
    expect(textOf(await client.callTool('greet', {}))).toBe('hello Ada');
    const rounds = servedBy(hops, 'tools/call');
    expect(rounds).toHaveLength(2);
    expect(rounds[0]).not.toBe(rounds[1]);
    await client.close();
  });

  it('a v1 session works on every instance', async () => {
    const { client, hops } = await v1Client(cluster.url);
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) {
      names.add(textOf(await client.callTool({ name: 'whoami', arguments: {} })));
    }
    expect([...names].sort()).toEqual(NAMES.map((name) => `instance=${name}`));
    expect(new Set(servedBy(hops, 'tools/call')).size).toBe(3);
    await client.close();
  });

  it('v1 greet: elicitation/create from one instance is answered through another', async () => {
    const { client, hops } = await v1Client(cluster.url);
    const result = await client.callTool({ name: 'greet', arguments: {} });
    expect(textOf(result)).toBe('hello Ada');
    // The tool's result can come down the call's stream before the POST of the answer has its 202.
    await until(() => hops.some((hop) => hop.rpc === 'response'), 2_000, 'the POST of the answer');
    const asked = hops.findLast((hop) => hop.rpc === 'tools/call')!;
    const answered = hops.findLast((hop) => hop.rpc === 'response')!;
    expect(answered.status).toBe(202);
    expect(answered.servedBy).not.toBe(asked.servedBy);
    await client.close();
  });

  it('listen and GET streams hear increment made on other instances within 2 s', async () => {
    const listener = await modernClient(cluster.url);
    const subscription = listener.client.listen({ resourceSubscriptions: ['demo://counter'] });
    await subscription.acknowledged;
    const heardOnListen: number[] = [];
    const reading = (async () => {
      for await (const notification of subscription) {
        if (notification.method === 'notifications/resources/updated') heardOnListen.push(Date.now());
      }
    })();
    const session = await v1Client(cluster.url);
    await session.client.subscribeResource({ uri: 'demo://counter' });
    // The session's GET stream is open on some instance once a request of the session got through.
    await until(
      () => session.hops.some((hop) => hop.httpMethod === 'GET' && hop.status === 200),
      5_000,
      'GET stream',
    );
    const caller = await modernClient(cluster.url);
    // One increment on each instance: the listen and GET streams each live on one of them.
    for (let i = 0; i < 3; i++) {
      const sent = Date.now();
      const text = textOf(await caller.client.callTool('increment', {}));
      expect(text).toMatch(/^counter=\d+$/);
      const heard = () =>
        `update ${i + 1} (listen heard ${heardOnListen.length}, GET ${session.updates.length})`;
      await until(() => heardOnListen.length > i && session.updates.length > i, 2_000, heard);
      expect(heardOnListen[i]! - sent).toBeLessThan(2_000);
      expect(session.updates[i]!.at - sent).toBeLessThan(2_000);
    }
    expect(new Set(servedBy(caller.hops, 'tools/call')).size).toBe(3);
    expect(session.updates.every((update) => update.uri === 'demo://counter')).toBe(true);
    subscription.close();
    await reading;
    await Promise.all([listener.client.close(), session.client.close(), caller.client.close()]);
  });

  it('Last-Event-ID: a v1 count whose stream ends resumes on another instance with no gap or duplicate', async () => {
    const { client, hops } = await v1Client(cluster.url);
    const progress: number[] = [];
    const result = await client.request(
      { method: 'tools/call', params: { name: 'count', arguments: { n: 12, intervalMs: 200 } } },
      CallToolResultSchema,
      { onprogress: ({ progress: value }) => progress.push(value), timeout: 20_000 },
    );
    expect(textOf(result)).toBe('counted=12');
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const call = hops.findLast((hop) => hop.rpc === 'tools/call')!;
    const resumes = hops.filter((hop) => hop.lastEventId !== null && hop.httpMethod === 'GET');
    // Every resumption was served, and at least one by another instance than the one running the call.
    expect(resumes.map((hop) => hop.status)).toEqual(resumes.map(() => 200));
    expect(resumes.some((hop) => hop.servedBy !== call.servedBy)).toBe(true);
    await client.close();
  });

  it('slow_task: created on one instance, polled from the others and cancelled from another', async () => {
    const { client, hops } = await modernClient(cluster.url);
    let taskId = '';
    const call = client.callTool('slow_task', { ms: 60_000 }, { onTask: (task) => (taskId = task.taskId) });
    await until(() => servedBy(hops, 'tasks/get').length >= 3, 10_000, 'three polls');
    expect(new Set(servedBy(hops, 'tasks/get')).size).toBe(3);
    // Straight to an instance that did not create it, past the balancer.
    const creator = servedBy(hops, 'tools/call')[0];
    const other = cluster.instances.find((instance) => instance.name !== creator)!;
    const direct = await modernClient(`http://127.0.0.1:${other.port}/mcp`);
    await direct.client.cancelTask(taskId);
    await expect(call).rejects.toBeInstanceOf(TaskCancelledError);
    for (const instance of cluster.instances) {
      const reader = await modernClient(`http://127.0.0.1:${instance.port}/mcp`);
      expect((await reader.client.getTask(taskId)).status).toBe('cancelled');
      await reader.client.close();
    }
    await Promise.all([client.close(), direct.client.close()]);
  });

  it('kill -9 of one instance leaves a v1 session, and new calls, working on the others', async () => {
    const session = await v1Client(cluster.url);
    const running = session.client.request(
      { method: 'tools/call', params: { name: 'count', arguments: { n: 5, intervalMs: 100 } } },
      CallToolResultSchema,
      { timeout: 20_000 },
    );
    cluster.instances[2]!.child.process.kill('SIGKILL');
    await cluster.instances[2]!.child.exited;
    // A call that was running on the killed instance may fail; the session goes on.
    await running.catch(() => undefined);
    const names = new Set<string>();
    for (let i = 0; i < 4; i++)
      names.add(textOf(await session.client.callTool({ name: 'whoami', arguments: {} })));
    expect([...names].sort()).toEqual(['instance=a', 'instance=b']);
    const fresh = await modernClient(cluster.url);
    expect(textOf(await fresh.client.callTool('greet', {}))).toBe('hello Ada');
    await Promise.all([session.client.close(), fresh.client.close()]);
  });

  it('Redis stopped: session requests are 503 within 5 s, stateless 2026 calls go on; all recovers when it returns', async () => {
    const session = await v1Client(cluster.url);
    const sessionId = session.transport.sessionId!;
    const modern = await modernClient(cluster.url);
    await cluster.redis.stop();
    const post = (body: object) =>
      fetch(cluster.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify(body),
      });
    // An instance that read the session in the last `sessions.cacheMs` (1 s) and has not yet heard its
    // Redis connection close may still serve it from its copy; after that every request is a 503.
    const started = Date.now();
    let down: Response;
    for (;;) {
      down = await post({
        jsonrpc: '2.0',
        id: 99,
        method: 'tools/call',
        params: { name: 'whoami', arguments: {} },
      });
      if (down.status !== 200) break;
      expect(Date.now() - started).toBeLessThan(1_500);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      id: 99,
      error: { code: -32603, message: expect.stringMatching(/Redis/) },
    });
    expect(textOf(await modern.client.callTool('whoami', {}))).toMatch(/^instance=/);
    await cluster.redis.restart();
    // Redis kept nothing (no persistence): the old session is gone, and a new one works again. Each
    // instance reconnects on its own schedule, so until all have, a request may reach one still offline.
    const incrementInNewSession = async () => {
      const again = await v1Client(cluster.url);
      try {
        return textOf(await again.client.callTool({ name: 'increment', arguments: {} }));
      } finally {
        await again.client.close().catch(() => undefined);
      }
    };
    const deadline = Date.now() + 10_000;
    let counted: string | undefined;
    while (counted === undefined) {
      counted = await incrementInNewSession().catch(async (error: unknown) => {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return undefined;
      });
    }
    expect(counted).toBe('counter=1');
    await Promise.all([session.client.close().catch(() => undefined), modern.client.close()]);
  });
});
