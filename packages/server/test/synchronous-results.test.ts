import { type EndpointExchange, type EndpointItem, McpError } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../src/index.js';
import { call, request } from './helpers.js';
import { newServer } from './tool-fixtures.js';

/**
 * The exchange's first item if its first read settles within one turn of the microtask queue:
 * a request answered at once (no promise between the steps) is; one that waits for a reaction is not.
 */
async function firstItemWithinOneTurn(exchange: EndpointExchange): Promise<EndpointItem | undefined> {
  let first: EndpointItem | undefined;
  exchange[Symbol.asyncIterator]()
    .next()
    .then((read) => {
      if (!read.done) first = read.value;
    });
  await null;
  return first;
}

function handle(server: McpServer, method: string, params: Record<string, unknown> = {}) {
  return server.handle(request(method, params), new LazyRequestContext({ transport: 'memory' }));
}

describe('a request whose handler answers at once', () => {
  it('tools/call with a synchronous handler has its response at the first read', async () => {
    const server = newServer();
    server.tool('echo', { inputSchema: z.object({ text: z.string() }) }, ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    const first = await firstItemWithinOneTurn(
      handle(server, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }),
    );
    expect(first).toMatchObject({
      response: { result: { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] } },
    });
  });

  it('tools/list has its response at the first read', async () => {
    const server = newServer();
    server.tool('echo', {}, () => ({ content: [] }));
    const first = await firstItemWithinOneTurn(handle(server, 'tools/list'));
    expect(first).toMatchObject({ response: { result: { tools: [{ name: 'echo' }] } } });
  });

  it('an async handler is answered once its promise settles, as before', async () => {
    const server = newServer();
    server.tool('slow', {}, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { content: [] };
    });
    const exchange = handle(server, 'tools/call', { name: 'slow' });
    expect(await firstItemWithinOneTurn(exchange)).toBeUndefined();
  });

  it('middleware still sees and changes what a synchronous handler returned', async () => {
    const server = new McpServer({ name: 'mw', version: '1' });
    server.tool('t', {}, () => ({ content: [{ type: 'text', text: 'handler' }] }));
    const seen: unknown[] = [];
    server.use(async (_call, next) => {
      const result = await next();
      seen.push(result);
      return { ...result, content: [{ type: 'text' as const, text: 'middleware' }] } as typeof result;
    });
    const { result } = await call(server, 'tools/call', { name: 't' });
    expect(seen).toMatchObject([{ content: [{ type: 'text', text: 'handler' }] }]);
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'middleware' }] });
  });

  it("a synchronous handler's throw is an isError result reported to onError; an McpError its error response", async () => {
    const errors: unknown[] = [];
    const server = newServer({ onError: (error) => errors.push(error) });
    server.tool('broken', {}, () => {
      throw new Error('disk full');
    });
    server.tool('refusing', {}, () => {
      throw McpError.invalidParams('no such row');
    });
    const broken = await call(server, 'tools/call', { name: 'broken' });
    expect(broken.result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'disk full' }] });
    expect(errors).toMatchObject([{ message: 'disk full' }]);
    const refusing = await call(server, 'tools/call', { name: 'refusing' });
    expect(refusing.error).toMatchObject({ code: -32602, message: 'no such row' });
  });

  it('a synchronous result that breaks the result shape is -32603', async () => {
    const server = newServer();
    server.tool('bad', {}, () => ({ content: 'not an array' }) as never);
    const { error } = await call(server, 'tools/call', { name: 'bad' });
    expect(error).toMatchObject({ code: -32603 });
  });

  it('a handler that returns a thenable (not a Promise) is answered with what it resolves to', async () => {
    const server = newServer();
    server.tool('thenable', {}, (() => ({
      // biome-ignore lint/suspicious/noThenProperty: the thenable under test
      then: (resolve: (value: unknown) => void) => resolve({ content: [{ type: 'text', text: 'later' }] }),
    })) as never);
    const { result } = await call(server, 'tools/call', { name: 'thenable' });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'later' }] });
  });
});
