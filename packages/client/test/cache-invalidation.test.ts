import { McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { read, setup, uriOf } from './helpers/client-cache.js';
import { tagged, tick } from './helpers/mock-server.js';

describe('the client cache (C-30..C-37)', () => {
  it('C-37: each page is cached on its own clock and re-fetched by its cursor', async () => {
    const { time, server, client } = setup({
      'tools/list': (request) => {
        const cursor = (request.params as { cursor?: string }).cursor;
        return cursor === undefined
          ? {
              resultType: 'complete',
              ttlMs: 10_000,
              cacheScope: 'public',
              tools: [{ name: 'a', inputSchema: { type: 'object' } }],
              nextCursor: 'p2',
            }
          : {
              resultType: 'complete',
              ttlMs: 100,
              cacheScope: 'public',
              tools: [{ name: 'b', inputSchema: { type: 'object' } }],
            };
      },
    });
    const names = async () => {
      const out: string[] = [];
      for await (const t of client.iterateTools()) out.push(t.name);
      return out;
    };
    expect(await names()).toEqual(['a', 'b']);
    time.advance(100);
    expect(await names()).toEqual(['a', 'b']);
    expect(server.calls('tools/list').map((r) => (r.params as { cursor?: string }).cursor)).toEqual([
      undefined,
      'p2',
      'p2',
    ]);
  });

  it('C-37: a cursor the server refuses drops every cached page of that list', async () => {
    let valid = true;
    const { server, client } = setup({
      'tools/list': (request) => {
        const cursor = (request.params as { cursor?: string }).cursor;
        if (cursor === undefined)
          return { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools: [], nextCursor: 'c' };
        return valid
          ? { resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: [] }
          : McpError.invalidParams('Invalid cursor');
      },
    });
    await client.listTools();
    await client.listTools({ cursor: 'c' });
    valid = false;
    await expect(client.listTools({ cursor: 'c' })).rejects.toMatchObject({ code: -32602 });
    await client.listTools();
    expect(server.calls('tools/list').map((r) => (r.params as { cursor?: string }).cursor)).toEqual([
      undefined,
      'c',
      'c',
      undefined,
    ]);
  });

  it('C-36: a matching change notification on a listen invalidates fresh entries at once', async () => {
    let subscriptionId: unknown;
    const sent: { notify?: (method: string, params?: Record<string, unknown>) => void } = {};
    const { server, client } = setup({
      'resources/read': read(60_000),
      'tools/list': () => ({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools: [] }),
      'prompts/list': () => ({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', prompts: [] }),
      'resources/list': () => ({
        resultType: 'complete',
        ttlMs: 60_000,
        cacheScope: 'public',
        resources: [],
      }),
      'resources/templates/list': () => ({
        resultType: 'complete',
        ttlMs: 60_000,
        cacheScope: 'public',
        resourceTemplates: [],
      }),
      'subscriptions/listen': (request) => {
        subscriptionId = request.id;
        return (async function* () {
          const queue: Array<ReturnType<typeof tagged>> = [
            tagged('notifications/subscriptions/acknowledged', subscriptionId, {
              notifications: (request.params as { notifications: unknown }).notifications,
            }),
          ];
          let wake: (() => void) | undefined;
          sent.notify = (method, params) => {
            queue.push(tagged(method, subscriptionId, params));
            wake?.();
          };
          for (;;) {
            while (queue.length > 0) yield queue.shift()!;
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
        })();
      },
    });
    const fill = async () => {
      await client.readResource('file:///a');
      await client.readResource('file:///b');
      await client.listTools();
      await client.listPrompts();
      await client.listResources();
      await client.listResourceTemplates();
    };
    const subscription = client.listen({
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    await subscription.acknowledged;
    await fill();
    await fill();
    const count = (method: string) => server.calls(method).length;
    expect([count('resources/read'), count('tools/list'), count('prompts/list')]).toEqual([2, 1, 1]);

    sent.notify!('notifications/resources/updated', { uri: 'file:///a' });
    await subscription.next();
    await fill();
    expect(server.calls('resources/read').map(uriOf)).toEqual(['file:///a', 'file:///b', 'file:///a']);

    sent.notify!('notifications/tools/list_changed');
    await subscription.next();
    sent.notify!('notifications/prompts/list_changed');
    await subscription.next();
    sent.notify!('notifications/resources/list_changed');
    await subscription.next();
    await fill();
    expect([
      count('tools/list'),
      count('prompts/list'),
      count('resources/list'),
      count('resources/templates/list'),
    ]).toEqual([2, 2, 2, 2]);
    subscription.close();
    await tick();
  });
});
