import type { CallToolResult, MessageContext } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { ClientCall } from '../src/index.js';
import { client, confirm, done, paramsOf } from './helpers/input-rounds.js';

describe('ClientCall ids (client middleware sees the call id and the JSON-RPC id)', () => {
  it('gives a call the id its send hooks see, and the JSON-RPC id of its last request once next() settles', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).inputResponses
          ? done('ok')
          : { resultType: 'input_required', inputRequests: confirm },
    });
    const calls: { id: number; before: unknown; after: unknown }[] = [];
    const sent: MessageContext[] = [];
    c.use({
      async call(call: ClientCall, next) {
        const before = call.requestId;
        const result = await next(call);
        calls.push({ id: call.id, before, after: call.requestId });
        return result;
      },
      send: (ctx, next) => {
        sent.push(ctx);
        return next();
      },
    });
    await c.callTool('t', {});
    await c.callTool('t', {});
    const [first, second] = calls.slice(-2);
    const requests = server.calls('tools/call');
    expect(first!.before).toBeUndefined();
    expect(first!.after).toBe(requests[1]!.id);
    expect(second!.after).toBe(requests[3]!.id);
    expect(second!.id).not.toBe(first!.id);
    const ofFirst = sent.filter((ctx) => ctx.method === 'tools/call' && ctx.call?.id === first!.id);
    expect(ofFirst.map((ctx) => ctx.id)).toEqual([requests[0]!.id, requests[1]!.id]);
  });

  it('leaves requestId undefined for a call answered without a request', async () => {
    const { client: c } = client({ 'tools/call': () => done('ok') });
    let seen: ClientCall | undefined;
    c.use(async (call, next) => {
      if (call.method !== 'tools/call') return next(call);
      seen = call;
      return done('from middleware') as CallToolResult;
    });
    await c.callTool('t', {});
    expect(seen?.requestId).toBeUndefined();
    expect(typeof seen?.id).toBe('number');
  });
});
