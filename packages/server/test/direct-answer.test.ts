import { type EndpointExchange, type EndpointItem, type FinalResponse, McpError } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import type { McpServer } from '../src/index.js';
import { request } from './helpers.js';
import { newServer } from './tool-fixtures.js';

function handle(server: McpServer, name: string): EndpointExchange {
  return server.handle(
    request('tools/call', { name, arguments: {} }),
    new LazyRequestContext({ transport: 'memory' }),
  );
}

/** The exchange's first item if its first read settles within `turns` turns of the microtask queue. */
async function firstItemWithin(exchange: EndpointExchange, turns: number): Promise<EndpointItem | undefined> {
  let first: EndpointItem | undefined;
  exchange[Symbol.asyncIterator]()
    .next()
    .then((read) => {
      if (!read.done) first = read.value;
    });
  for (let turn = 0; turn < turns; turn++) await null;
  return first;
}

async function finalOf(exchange: EndpointExchange): Promise<FinalResponse> {
  for await (const item of exchange as AsyncIterable<EndpointItem>) if ('response' in item) return item;
  throw new Error('no response');
}

function resultOf(final: FinalResponse): Record<string, unknown> {
  return (final.response as { result: Record<string, unknown> }).result;
}

const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'tools-test', version: '1.0.0' } };

/** Tools whose async handlers return each kind of result the server copies. */
function asyncTools(server: McpServer): McpServer {
  server.tool('plain', {}, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  server.tool('own_meta', {}, async () => ({
    content: [{ type: 'text', text: 'ok' }],
    _meta: { 'example.com/trace': 'abc' },
  }));
  server.tool('error_result', {}, async () => ({ content: [{ type: 'text', text: 'no' }], isError: true }));
  server.tool('structured', {}, async () => ({
    structuredContent: { n: 1 },
    content: [{ type: 'text', text: '{"n":1}' }],
  }));
  server.tool('throws', {}, async () => {
    throw new Error('disk full');
  });
  server.tool('refuses', {}, async () => {
    throw McpError.invalidParams('no such row');
  });
  return server;
}

describe('tools/call without middleware: the handler answers the exchange itself', () => {
  it("an async handler's result is read two turns after its promise settles (one reaction, not two)", async () => {
    const server = newServer();
    server.tool('ready', {}, () => Promise.resolve({ content: [{ type: 'text' as const, text: 'ok' }] }));
    const first = await firstItemWithin(handle(server, 'ready'), 2);
    expect(first).toMatchObject({ response: { result: { content: [{ type: 'text', text: 'ok' }] } } });
  });

  it("S-5: the result sent is the server's copy: serverInfo first in _meta, then the handler's keys in its order", async () => {
    const server = asyncTools(newServer());
    const plain = resultOf(await finalOf(handle(server, 'plain')));
    expect(Object.keys(plain)).toEqual(['_meta', 'resultType', 'content']);
    expect(plain._meta).toEqual(SERVER_INFO);
    const own = resultOf(await finalOf(handle(server, 'own_meta')));
    expect(Object.keys(own)).toEqual(['_meta', 'resultType', 'content']);
    expect(Object.keys(own._meta as object)).toEqual([
      'io.modelcontextprotocol/serverInfo',
      'example.com/trace',
    ]);
    const structured = resultOf(await finalOf(handle(server, 'structured')));
    expect(Object.keys(structured)).toEqual(['_meta', 'resultType', 'content', 'structuredContent']);
    for (const name of ['plain', 'own_meta', 'error_result', 'structured']) {
      const final = await finalOf(handle(server, name));
      expect(final.json ?? JSON.stringify(final.response)).toBe(JSON.stringify(final.response));
    }
  });

  it("a handler's object is never changed: it keeps no _meta, and one of its own keeps no serverInfo", async () => {
    const server = newServer();
    const returned = { content: [{ type: 'text' as const, text: 'ok' }] };
    const meta = { 'example.com/trace': 'abc' };
    const withMeta = { content: [], _meta: meta };
    server.tool('same', {}, async () => returned);
    server.tool('meta', {}, async () => withMeta);
    resultOf(await finalOf(handle(server, 'same')));
    resultOf(await finalOf(handle(server, 'meta')));
    expect(returned).toStrictEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(withMeta._meta).toBe(meta);
    expect(meta).toStrictEqual({ 'example.com/trace': 'abc' });
  });

  it('P-37: without serverInfo the result has no _meta key at all', async () => {
    const server = asyncTools(newServer({ includeServerInfo: false }));
    expect(resultOf(await finalOf(handle(server, 'plain')))).toStrictEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: 'ok' }],
    });
  });

  it('S-18: a throw is an isError result with serverInfo; an McpError is its error response', async () => {
    const server = asyncTools(newServer());
    const failed = resultOf(await finalOf(handle(server, 'throws')));
    expect(failed).toEqual({
      _meta: SERVER_INFO,
      resultType: 'complete',
      content: [{ type: 'text', text: 'disk full' }],
      isError: true,
    });
    expect(Object.keys(failed)[0]).toBe('_meta');
    const refused = await finalOf(handle(server, 'refuses'));
    expect(refused.response).toMatchObject({ error: { code: -32602, message: 'no such row' } });
  });
});

describe('tools/call with middleware: unchanged', () => {
  it('middleware sees the checked result without a _meta key, and its answer is what is sent', async () => {
    const server = asyncTools(newServer());
    const seen: Record<string, unknown>[] = [];
    server.use(async (_call, next) => {
      const result = (await next()) as Record<string, unknown>;
      seen.push(result);
      return result as never;
    });
    const sent = resultOf(await finalOf(handle(server, 'plain')));
    expect(Object.keys(seen[0]!)).toEqual(['resultType', 'content']);
    expect(Object.keys(sent)).toEqual(['_meta', 'resultType', 'content']);
    expect(sent).not.toBe(seen[0]);
  });

  it('an async result is read later than without middleware: the chain awaits it', async () => {
    const server = newServer();
    server.tool('ready', {}, () => Promise.resolve({ content: [] }));
    server.use(async (_call, next) => next());
    expect(await firstItemWithin(handle(server, 'ready'), 2)).toBeUndefined();
  });
});
