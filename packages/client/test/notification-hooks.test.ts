// The receive hooks see the server's notifications, in both eras: the progress and logs of a call
// (on its request's stream) and what a listen delivers (a 2026 listen stream, a 2025 session's own
// stream), each before the application gets it.
import type { MessageContext } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient, type McpClientOptions } from '../src/index.js';

function server() {
  const mcp = new McpServer(
    { name: 'notifying', version: '1.0.0' },
    { capabilities: { logging: {}, tools: { listChanged: true } } },
  );
  mcp.tool('work', { description: 'Reports progress and logs' }, (_args, ctx) => {
    ctx.progress(1, 2);
    ctx.log.warning('careful');
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return mcp;
}

const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A client of `mcp` over HTTP in `era`, with what its receive hooks saw. */
function connect(mcp: McpServer, era: 'modern' | 'legacy', options: McpClientOptions = {}) {
  const handler = createFetchHandler(mcp);
  const client = new McpClient(
    createHttpClientTransport('http://localhost/mcp', {
      fetch: (input, init) => handler(new Request(input, init)),
    }),
    { era, logLevel: 'debug', autoListTools: false, ...options },
  );
  clients.push(client);
  const seen: MessageContext[] = [];
  client.use({
    receive(ctx, next) {
      seen.push(ctx);
      return next();
    },
  });
  return { client, seen };
}

const notified = (seen: MessageContext[], method: string) => seen.filter((ctx) => ctx.method === method);

describe.each(['modern', 'legacy'] as const)('receive hooks see the server notifications (%s era)', (era) => {
  const version = era === 'modern' ? '2026-07-28' : '2025-11-25';

  it("a call's progress and log messages pass them with the call, before the application gets them", async () => {
    const { client, seen } = connect(server(), era);
    const progress: unknown[] = [];
    const logs: unknown[] = [];
    const result = await client.callTool(
      'work',
      {},
      {
        onProgress: (update) =>
          progress.push({ update, seen: notified(seen, 'notifications/progress').length }),
        onLog: (log) => logs.push({ data: log.data, seen: notified(seen, 'notifications/message').length }),
      },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress).toEqual([{ update: expect.objectContaining({ progress: 1, total: 2 }), seen: 1 }]);
    expect(logs).toEqual([{ data: 'careful', seen: 1 }]);
    const [update] = notified(seen, 'notifications/progress');
    expect(update).toMatchObject({
      side: 'client',
      direction: 'receive',
      kind: 'notification',
      id: undefined,
      era,
      protocolVersion: version,
      network: { transport: 'tcp', address: 'localhost' },
      call: { id: expect.any(Number), round: 0 },
    });
    expect(update!.params).toMatchObject({ progress: 1, total: 2 });
    expect(notified(seen, 'notifications/message')[0]).toMatchObject({ kind: 'notification', era });
  });

  it('a listen notification passes them, with the listen as its call in the 2026 era and none in the 2025 era', async () => {
    const mcp = server();
    const { client, seen } = connect(mcp, era);
    client.use({
      receive(ctx, next) {
        if (ctx.method !== 'notifications/tools/list_changed') return next();
        return next({
          ...ctx,
          params: { ...ctx.params, _meta: { ...(ctx.params._meta as object), marked: true } },
        });
      },
    });
    const subscription = client.listen({ toolsListChanged: true });
    await subscription.acknowledged;
    const next = subscription.next();
    mcp.tool('late', { description: 'Added later' }, () => ({ content: [] }));
    const delivered = (await next).value!;
    subscription.close();
    expect(delivered.method).toBe('notifications/tools/list_changed');
    const [changed] = notified(seen, 'notifications/tools/list_changed');
    expect(changed).toMatchObject({
      kind: 'notification',
      direction: 'receive',
      era,
      protocolVersion: version,
    });
    if (era === 'modern') {
      // What a hook hands on is what the subscription delivers (a 2025 listen makes its own).
      expect(delivered.params?._meta).toMatchObject({ marked: true });
      expect(changed!.call).toMatchObject({ id: expect.any(Number) });
      expect(notified(seen, 'notifications/subscriptions/acknowledged')).toHaveLength(1);
    } else {
      expect(changed!.call).toBeUndefined();
    }
  });
});

it('a receive hook that never calls next() drops the notification; one that fails drops it, and is a warning', async () => {
  const warnings: unknown[] = [];
  const { client } = connect(server(), 'modern', { onWarning: (warning) => warnings.push(warning) });
  client.use({
    receive: (ctx, next) =>
      ctx.method === 'notifications/progress'
        ? Promise.resolve(undefined)
        : ctx.method === 'notifications/message'
          ? Promise.reject(new Error('no logs'))
          : next(),
  });
  const delivered: unknown[] = [];
  const result = await client.callTool(
    'work',
    {},
    { onProgress: (update) => delivered.push(update), onLog: (log) => delivered.push(log) },
  );
  expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
  expect(delivered).toEqual([]);
  expect(warnings).toEqual([
    { kind: 'hook-failed', error: new Error('no logs'), notification: 'notifications/message' },
  ]);
});
