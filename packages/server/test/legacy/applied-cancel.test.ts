// A 2025-era cancel on a connection names the client's own running request: the connection
// (ServerMux) applies it and still hands it to the server for its receive hooks, which must not
// apply it a second time to a request of the server's that has the same id.
import type { EndpointItem, ExchangeMessage, MessageContext } from '@mcpkit/protocol';
import { ServerMux } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../../src/index.js';

const CONFIRM = { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] } as const;

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 2000; waited += 5) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('gave up waiting');
}

describe('a cancel the connection applied (2025 era)', () => {
  it('reaches the receive hooks and cancels only the client’s request of that id, not the server’s', async () => {
    const server = new McpServer({ name: 'applied', version: '1.0.0' });
    const heard: MessageContext[] = [];
    server.use({
      receive: (ctx, next) => {
        if (ctx.method === 'notifications/cancelled') heard.push(ctx);
        return next();
      },
    });
    let hangAborted = false;
    server.tool('hang', {}, (_args, ctx) => {
      return new Promise<{ content: [] }>((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          hangAborted = true;
          resolve({ content: [] });
        });
      });
    });
    server.tool('ask', {}, async (_args, ctx) => {
      const answer = await ctx.elicit('confirm', { message: 'Sure?', requestedSchema: CONFIRM });
      return { content: [{ type: 'text', text: answer.action }] };
    });
    const written: Array<Record<string, unknown>> = [];
    const closed = new AbortController();
    const mux = new ServerMux(
      server,
      { transport: 'stdio', channel: { send: () => true, closed: closed.signal } },
      {
        write: (item: EndpointItem | ExchangeMessage) => {
          written.push(('response' in item ? item.response : item) as Record<string, unknown>);
          return undefined;
        },
        idle: () => {},
      },
    );
    const response = (id: unknown) => until(() => written.find((m) => m.id === id && !('method' in m)));
    try {
      mux.receive({
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: { form: {} } },
          clientInfo: { name: 'c', version: '1' },
        },
      });
      await response('init');
      mux.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
      mux.receive({
        jsonrpc: '2.0',
        id: 'ask',
        method: 'tools/call',
        params: { name: 'ask', arguments: {} },
      });
      const elicit = await until(() => written.find((m) => m.method === 'elicitation/create'));
      // The client's own request, under the id the server's elicitation has.
      mux.receive({
        jsonrpc: '2.0',
        id: elicit.id,
        method: 'tools/call',
        params: { name: 'hang', arguments: {} },
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      mux.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: elicit.id } });
      await until(() => (hangAborted && heard.length > 0) || undefined);
      expect(heard[0]!.params).toMatchObject({ requestId: elicit.id });
      mux.receive({ jsonrpc: '2.0', id: elicit.id, result: { action: 'accept', content: { yes: true } } });
      expect(await response('ask')).toMatchObject({
        result: { content: [{ type: 'text', text: 'accept' }] },
      });
    } finally {
      closed.abort();
      mux.stop();
    }
  });
});
