import { createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { McpClient, type McpClientOptions } from '../src/index.js';
import { clock } from './helpers/mock-server.js';
import { recorded, sharedListenChannel } from './helpers/real-server.js';

/**
 * The response cache (C-30, C-31, C-35, C-37) and listen demultiplexing (C-41), checked against
 * the real `@mcpkit/server` through the in-memory transport, with the caching hints the server
 * puts on its results.
 */

const uriOf = (request: { params?: unknown }) => (request.params as { uri: string }).uri;
const cursorOf = (request: { params?: unknown }) => (request.params as { cursor?: string }).cursor;

function cachingServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const mcp = new McpServer({ name: 'caching', version: '1.0.0' }, options);
  for (const name of ['a', 'b', 'c']) {
    mcp.tool(name, { description: `Tool ${name}` }, () => ({ content: [] }));
    mcp.prompt(name, { description: `Prompt ${name}` }, () => ({ messages: [] }));
  }
  let reads = 0;
  const hint = (cacheScope: 'public' | 'private') => ({ ttlMs: 60_000, cacheScope });
  mcp.resource('file:///a', { name: 'a', cache: hint('private') }, (uri) => ({
    contents: [{ uri, text: `a#${++reads}` }],
  }));
  mcp.resource('file:///b', { name: 'b', cache: hint('private') }, (uri) => ({
    contents: [{ uri, text: `b#${++reads}` }],
  }));
  mcp.resource('file:///public', { name: 'public', cache: hint('public') }, (uri) => ({
    contents: [{ uri, text: `public#${++reads}` }],
  }));
  mcp.resource('file:///asks', { name: 'asks', cache: hint('public') }, async (uri, ctx) => {
    const answer = await ctx.elicit('why', {
      message: 'Why?',
      requestedSchema: { type: 'object', properties: { reason: { type: 'string' } } },
    });
    return { contents: [{ uri, text: `${answer.action}#${++reads}` }] };
  });
  return recorded(mcp);
}

function connect(endpoint: ReturnType<typeof cachingServer>, options: McpClientOptions = {}) {
  return new McpClient(createInMemoryTransport(endpoint), {
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { reason: 'test' } }) } },
    ...options,
  });
}

const listHints = { ttlMs: 1000, cacheScope: 'private' as const };

describe('the response cache against @mcpkit/server (C-30..C-37)', () => {
  it('C-30: results are keyed by method and result-affecting params, never served for others', async () => {
    const endpoint = cachingServer({
      pageSize: 2,
      cache: { methods: { 'tools/list': listHints, 'prompts/list': listHints } },
    });
    const client = connect(endpoint);
    const a = await client.readResource('file:///a');
    const b = await client.readResource('file:///b');
    expect(b.contents[0]).toMatchObject({ uri: 'file:///b', text: 'b#2' });
    expect(await client.readResource('file:///a')).toBe(a);
    const tools = await client.listTools();
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((p) => p.name)).toEqual(['a', 'b']);
    expect(prompts).not.toBe(tools);
    const next = await client.listTools({ cursor: tools.nextCursor! });
    expect(next.tools.map((t) => t.name)).toEqual(['c']);
    expect(await client.listTools()).toBe(tools);
    expect(endpoint.calls('resources/read').map(uriOf)).toEqual(['file:///a', 'file:///b']);
    expect(endpoint.calls('tools/list').map(cursorOf)).toEqual([undefined, tools.nextCursor]);
    expect(endpoint.calls('prompts/list')).toHaveLength(1);
  });

  it('C-31: a read that needed input is never cached, though the server marks it cacheable', async () => {
    const endpoint = cachingServer();
    const client = connect(endpoint);
    const first = await client.readResource('file:///asks');
    expect(first).toMatchObject({ ttlMs: 60_000, cacheScope: 'public', contents: [{ text: 'accept#1' }] });
    const second = await client.readResource('file:///asks');
    expect(second.contents[0]).toMatchObject({ text: 'accept#2' });
    const reads = endpoint.calls('resources/read');
    expect(reads).toHaveLength(4);
    expect(reads.filter((r) => 'inputResponses' in (r.params as object))).toHaveLength(2);
  });

  it('C-31: an input_required result is not cached; a manual continuation neither reads nor writes the cache', async () => {
    const endpoint = cachingServer();
    const client = connect(endpoint);
    const asked = await client.readResource('file:///asks', { inputRequired: 'manual' });
    expect(asked.resultType).toBe('input_required');
    const again = await client.readResource('file:///asks', { inputRequired: 'manual' });
    expect(again).not.toBe(asked);
    const { requestState } = again as { requestState?: string };
    const answered = await client.readResource('file:///asks', {
      inputRequired: 'manual',
      inputResponses: { why: { action: 'accept', content: { reason: 'manual' } } },
      ...(requestState === undefined ? {} : { requestState }),
    });
    expect(answered).toMatchObject({ resultType: 'complete', ttlMs: 60_000 });
    await client.readResource('file:///asks', { inputRequired: 'manual' });
    expect(endpoint.calls('resources/read')).toHaveLength(4);
  });

  it('C-35: private results stay in their authorization context; public ones are shared', async () => {
    const endpoint = cachingServer();
    let token = 'alice';
    const client = connect(endpoint, { cache: { partition: () => token } });
    const alicePrivate = await client.readResource('file:///a');
    const shared = await client.readResource('file:///public');
    token = 'bob';
    const bobPrivate = await client.readResource('file:///a');
    expect(bobPrivate).not.toBe(alicePrivate);
    expect(await client.readResource('file:///public')).toBe(shared);
    token = 'alice';
    expect(await client.readResource('file:///a')).toBe(alicePrivate);
    expect(endpoint.calls('resources/read').map(uriOf)).toEqual(['file:///a', 'file:///public', 'file:///a']);
  });

  it('C-37: each page is cached on its own clock and re-fetched by its cursor', async () => {
    const time = clock();
    const endpoint = cachingServer({ pageSize: 1, cache: { methods: { 'tools/list': listHints } } });
    const client = connect(endpoint, { now: time.now });
    const first = await client.listTools();
    time.advance(600);
    const second = await client.listTools({ cursor: first.nextCursor! });
    time.advance(500);
    expect(await client.listTools({ cursor: first.nextCursor! })).toBe(second);
    const refetched = await client.listTools();
    expect(refetched).not.toBe(first);
    expect(refetched.tools).toEqual(first.tools);
    expect(endpoint.calls('tools/list').map(cursorOf)).toEqual([undefined, first.nextCursor, undefined]);
  });

  it('C-37: a cursor the server refuses drops every cached page of the list', async () => {
    const endpoint = cachingServer({ pageSize: 1, cache: { methods: { 'tools/list': listHints } } });
    const client = connect(endpoint);
    const names: string[] = [];
    for await (const tool of client.iterateTools()) names.push(tool.name);
    expect(names).toEqual(['a', 'b', 'c']);
    await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(McpError);
    for await (const _ of client.iterateTools());
    expect(endpoint.calls('tools/list')).toHaveLength(3 + 1 + 3);
  });
});

describe('listen demultiplexing against @mcpkit/server (C-41)', () => {
  it('C-41: on a shared channel each subscription delivers only what is tagged with its own id', async () => {
    const mcp = new McpServer({ name: 'changing', version: '1.0.0' });
    mcp.tool('first', { description: 'First' }, () => ({ content: [] }));
    mcp.prompt('first', { description: 'First' }, () => ({ messages: [] }));
    const client = new McpClient(sharedListenChannel(mcp), { reopenDelayMs: () => 0 });
    const tools = client.listen({ toolsListChanged: true });
    const prompts = client.listen({ promptsListChanged: true });
    expect(await tools.acknowledged).toEqual({ toolsListChanged: true });
    expect(await prompts.acknowledged).toEqual({ promptsListChanged: true });
    expect(tools.id).not.toBe(prompts.id);
    mcp.tool('second', { description: 'Second' }, () => ({ content: [] }));
    expect((await tools.next()).value?.method).toBe('notifications/tools/list_changed');
    mcp.prompt('second', { description: 'Second' }, () => ({ messages: [] }));
    expect((await prompts.next()).value?.method).toBe('notifications/prompts/list_changed');
    mcp.tool('third', { description: 'Third' }, () => ({ content: [] }));
    expect((await tools.next()).value?.method).toBe('notifications/tools/list_changed');
    await mcp.close();
    const rest: string[] = [];
    for await (const notification of prompts) rest.push(notification.method);
    expect(rest).toEqual([]);
    tools.close();
  });
});
