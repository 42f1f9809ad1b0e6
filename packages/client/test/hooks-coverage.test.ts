// What the send and receive hooks see besides calls: each opening of a listen, the client's own
// notifications, and (2026 era) the input requests of an input_required result.
import { fileURLToPath } from 'node:url';
import type { MessageContext } from '@mcpkit/protocol';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';
import { client, confirm, done, paramsOf } from './helpers/input-rounds.js';
import { ack, closeResult, setup, until } from './helpers/listen.js';
import { meta } from './helpers/mock-server.js';

const legacyFixture = fileURLToPath(new URL('./fixtures/legacy-server.mjs', import.meta.url));

describe('client hooks see every message, not only calls', () => {
  it('send sees each opening of a listen: its id, a rewritten _meta on the wire, next() settling when the stream ends', async () => {
    const { listen, client: c } = setup();
    const seen: MessageContext[] = [];
    let settled: unknown;
    c.use({
      async send(ctx, next) {
        if (ctx.method !== 'subscriptions/listen') return next();
        seen.push(ctx);
        const meta = { ...(ctx.params._meta as object), traceparent: '00-ab-01-01' };
        settled = await next({ ...ctx, params: { ...ctx.params, _meta: meta } });
        return settled;
      },
    });
    const subscription = c.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      side: 'client',
      direction: 'send',
      kind: 'request',
      id: stream.request.id,
      era: 'modern',
      protocolVersion: '2026-07-28',
    });
    expect(meta(stream.request).traceparent).toBe('00-ab-01-01');
    stream.push(ack(stream.request));
    await subscription.acknowledged;
    expect(settled).toBeUndefined();
    stream.push({ jsonrpc: '2.0', id: stream.request.id, result: closeResult(stream.request.id) });
    await until(() => settled !== undefined);
    expect(settled).toMatchObject({ resultType: 'complete' });
  });

  it('receive sees each input request of an input_required result, and hands its answer on', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).inputResponses
          ? done(JSON.stringify(paramsOf(request).inputResponses))
          : { resultType: 'input_required', inputRequests: confirm },
    });
    const seen: MessageContext[] = [];
    const answers: unknown[] = [];
    c.use({
      async receive(ctx, next) {
        seen.push(ctx);
        const answer = await next();
        answers.push(answer);
        return answer;
      },
    });
    await c.callTool('t', {});
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      side: 'client',
      direction: 'receive',
      kind: 'request',
      method: 'elicitation/create',
      id: undefined,
      era: 'modern',
      protocolVersion: '2026-07-28',
      network: { transport: 'inproc' },
    });
    expect(seen[0]!.params.message).toBe('Confirm?');
    expect(answers).toEqual([{ action: 'accept', content: { ok: true } }]);
    const retried = server.calls('tools/call')[1]!;
    expect(paramsOf(retried).inputResponses).toEqual({
      confirm: { action: 'accept', content: { ok: true } },
    });
  });

  it('a receive hook that answers an input request itself answers it; one that throws fails the call', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).inputResponses
          ? done('ok')
          : { resultType: 'input_required', inputRequests: confirm },
    });
    c.use({ receive: async () => ({ action: 'decline' }) });
    await c.callTool('t', {});
    expect(paramsOf(server.calls('tools/call')[1]!).inputResponses).toEqual({
      confirm: { action: 'decline' },
    });
    const { client: failing } = client({
      'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm }),
    });
    failing.use({ receive: () => Promise.reject(new Error('no input here')) });
    await expect(failing.callTool('t', {})).rejects.toThrow('no input here');
  });

  it('send sees the 2025-era notifications/initialized as a notification of the session', async () => {
    const c = new McpClient(
      createStdioClientTransport({ command: process.execPath, args: [legacyFixture], stderr: 'ignore' }),
      { autoListTools: false },
    );
    const seen: MessageContext[] = [];
    c.use({
      send: (ctx, next) => {
        seen.push(ctx);
        return next();
      },
    });
    try {
      await c.listTools();
    } finally {
      await c.close();
    }
    const initialized = seen.find((ctx) => ctx.method === 'notifications/initialized');
    expect(initialized).toMatchObject({
      kind: 'notification',
      id: undefined,
      era: 'legacy',
      protocolVersion: '2025-11-25',
      network: { transport: 'pipe' },
    });
    const methods = seen.map((ctx) => ctx.method);
    expect(methods.indexOf('notifications/initialized')).toBe(methods.indexOf('initialize') + 1);
  });
});
