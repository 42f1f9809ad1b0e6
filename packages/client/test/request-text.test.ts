import { type ClientTransport, createInMemoryTransport, type JSONRPCRequest } from '@mcpkit/protocol';
import { MetaKey, requestText } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';
import { done } from './helpers/input-rounds.js';
import { meta, mockServer } from './helpers/mock-server.js';

/** A client over an in-memory server, and the text of every request as the transport writes it. */
function setup(options: ConstructorParameters<typeof McpClient>[1] = {}) {
  const server = mockServer({ 'tools/call': () => done('ok') }, { tools: {} });
  const inner = createInMemoryTransport(server);
  const written: { request: JSONRPCRequest; text: string; plain: string }[] = [];
  const transport: ClientTransport = {
    exchange(request, exchangeOptions) {
      written.push({ request, text: requestText(request), plain: JSON.stringify(request) });
      return inner.exchange(request, exchangeOptions);
    },
    close: () => inner.close(),
  };
  const client = new McpClient(transport, { autoListTools: false, ...options });
  return { server, client, written };
}

describe("the client's requests written with their constant _meta's cached text", () => {
  it('C-1: writes the same bytes as JSON.stringify, with the constant _meta cached', async () => {
    const { client, written, server } = setup({
      clientInfo: { name: 'app', version: '2.0.0' },
      logLevel: 'info',
    });
    await client.callTool('echo', { text: 'héllo', n: [1, { a: null }] });
    await client.callTool('echo', {});
    const calls = written.filter((entry) => entry.request.method === 'tools/call');
    expect(calls).toHaveLength(2);
    for (const { request, text, plain } of calls) {
      expect(text).toBe(plain);
      // The constant part of `_meta`: its values are the deep-frozen copies whose text is cached.
      expect(Object.isFrozen(meta(request)[MetaKey.clientInfo])).toBe(true);
    }
    expect(meta(server.calls('tools/call')[0]!)[MetaKey.clientInfo]).toEqual({
      name: 'app',
      version: '2.0.0',
    });
  });

  it('C-1: without send hooks, every request carries the one frozen _meta, which nothing copies', async () => {
    const { client, written } = setup();
    await client.callTool('echo', {});
    await client.callTool('echo', {});
    const [first, second] = written.filter((entry) => entry.request.method === 'tools/call');
    expect(Object.isFrozen(meta(first!.request))).toBe(true);
    expect(meta(second!.request)).toBe(meta(first!.request));
    expect(second!.text).toBe(second!.plain);
  });

  it('C-1: sends what a send hook changed in place in _meta or params', async () => {
    const { client, server, written } = setup();
    client.use({
      send(ctx, next) {
        if (ctx.method === 'tools/call') {
          (ctx.params._meta as Record<string, unknown>).traceparent = 'tp';
          ctx.params.extra = 1;
        }
        return next();
      },
    });
    await client.callTool('echo', {});
    const [sent] = server.calls('tools/call');
    expect(meta(sent!).traceparent).toBe('tp');
    expect(meta(sent!)[MetaKey.protocolVersion]).toBe('2026-07-28');
    expect(sent!.params!.extra).toBe(1);
    const call = written.find((entry) => entry.request.method === 'tools/call')!;
    expect(call.text).toBe(call.plain);
  });

  it('C-1: sends the constant _meta again after a hook changed one request only', async () => {
    const { client, server } = setup();
    let first = true;
    client.use({
      send(ctx, next) {
        if (ctx.method === 'tools/call' && first) {
          first = false;
          delete (ctx.params._meta as Record<string, unknown>)[MetaKey.clientInfo];
        }
        return next();
      },
    });
    await client.callTool('echo', {});
    await client.callTool('echo', {});
    const [changed, plain] = server.calls('tools/call');
    expect(meta(changed!)[MetaKey.clientInfo]).toBeUndefined();
    expect(meta(plain!)[MetaKey.clientInfo]).toBeDefined();
  });
});
