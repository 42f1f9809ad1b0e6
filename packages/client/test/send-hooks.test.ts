import { fileURLToPath } from 'node:url';
import { createInMemoryTransport, McpError, type MessageContext } from '@mcpkit/protocol';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';
import { type ClientCall, McpClient } from '../src/index.js';
import { client, confirm, done, paramsOf } from './helpers/input-rounds.js';
import { meta, mockServer } from './helpers/mock-server.js';

const legacyFixture = fileURLToPath(new URL('./fixtures/legacy-server.mjs', import.meta.url));

/** Records what each send hook saw, and passes the request on. */
function recorder() {
  const seen: MessageContext[] = [];
  return {
    seen,
    send: (ctx: MessageContext, next: (ctx?: MessageContext) => Promise<unknown>) => {
      seen.push(ctx);
      return next();
    },
  };
}

describe('client send hooks (client.use({ send }))', () => {
  it('sees each input round as its own request with its JSON-RPC id, under one call id', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).inputResponses
          ? done('ok')
          : { resultType: 'input_required', inputRequests: confirm },
    });
    const hooks = recorder();
    c.use(hooks);
    expect(await c.callTool('t', { a: 1 })).toEqual(done('ok'));
    const calls = hooks.seen.filter((ctx) => ctx.method === 'tools/call');
    const sent = server.calls('tools/call');
    expect(calls.map((ctx) => ctx.id)).toEqual(sent.map((request) => request.id));
    expect(calls.map((ctx) => ctx.call?.round)).toEqual([0, 1]);
    expect(calls[0]!.call!.id).toBe(calls[1]!.call!.id);
    expect(calls[0]).toMatchObject({
      side: 'client',
      direction: 'send',
      kind: 'request',
      era: 'modern',
      protocolVersion: '2026-07-28',
      sessionId: undefined,
      network: { transport: 'inproc' },
    });
    expect(calls[1]!.params.inputResponses).toBeDefined();
    const discover = hooks.seen.find((ctx) => ctx.method === 'server/discover');
    expect(discover?.call?.id).not.toBe(calls[0]!.call!.id);
  });

  it('hands a rewritten _meta to the wire, and sees the result from next()', async () => {
    const { server, client: c } = client({ 'tools/call': () => done('ok') });
    const results: unknown[] = [];
    c.use({
      async send(ctx, next) {
        const result = await next({
          ...ctx,
          params: { ...ctx.params, _meta: { ...meta2(ctx), traceparent: 'tp' } },
        });
        results.push(result);
        return result;
      },
    });
    await c.callTool('t', {});
    const [sent] = server.calls('tools/call');
    expect(meta(sent!).traceparent).toBe('tp');
    expect(meta(sent!)['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    expect(results.at(-1)).toEqual(done('ok'));
  });

  it('sees an error response as the McpError next() rejects with, and the call still rejects', async () => {
    const server = mockServer({
      'tools/call': () => new McpError(-32603, 'broken'),
    });
    const c = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    const errors: unknown[] = [];
    c.use({
      send: (_ctx, next) =>
        next().catch((error: unknown) => {
          errors.push(error);
          throw error;
        }),
    });
    await expect(c.callTool('t', {})).rejects.toBeInstanceOf(McpError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(McpError);
  });

  it('takes call, send together from one object, bound to it, and keeps use(fn) working', async () => {
    const { client: c } = client({ 'tools/call': () => done('ok') });
    const order: string[] = [];
    const plugin = {
      name: 'p',
      call(call: ClientCall, next: (call?: ClientCall) => Promise<unknown>) {
        order.push(`${this.name} call ${call.method}`);
        return next(call) as never;
      },
      send(ctx: MessageContext, next: () => Promise<unknown>) {
        order.push(`${this.name} send ${ctx.method}`);
        return next();
      },
    };
    c.use(plugin).use((call, next) => {
      order.push(`fn ${call.method}`);
      return next(call);
    });
    await c.callTool('t', {});
    expect(order.filter((line) => line.includes('tools/call'))).toEqual([
      'p call tools/call',
      'fn tools/call',
      'p send tools/call',
    ]);
  });

  it('sees a 2025-era request over stdio with its era, the session version and the pipe', async () => {
    const transport = createStdioClientTransport({
      command: process.execPath,
      args: [legacyFixture],
      stderr: 'ignore',
    });
    expect(transport.network).toEqual({ transport: 'pipe' });
    const c = new McpClient(transport, { autoListTools: false });
    const hooks = recorder();
    c.use(hooks);
    try {
      await c.listTools();
    } finally {
      await c.close();
    }
    const list = hooks.seen.find((ctx) => ctx.method === 'tools/list');
    expect(list).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      network: { transport: 'pipe' },
    });
    expect(typeof list?.id).toBe('number');
    expect(hooks.seen.some((ctx) => ctx.method === 'initialize')).toBe(true);
  });
});

function meta2(ctx: MessageContext): Record<string, unknown> {
  return ctx.params._meta as Record<string, unknown>;
}
