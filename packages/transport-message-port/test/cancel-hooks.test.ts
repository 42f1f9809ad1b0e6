// The notifications/cancelled a client posts, as hooks on both sides see it: the server's receive
// hooks see every cancel (one the connection applied to a running request included), and the
// cancel works whatever they do; the cancels written when the transport closes pass the client's
// send hooks like any other.
import { MessageChannel } from 'node:worker_threads';
import { McpClient } from '@mcpkit/client';
import type { MessageContext } from '@mcpkit/protocol';
import type { McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessagePortClientTransport, serveMessagePort } from '../src/index.js';
import { createEchoServer } from './fixtures/echo-server.js';

const cleanup: (() => unknown)[] = [];

afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** A client of `server` over a MessageChannel whose send hooks put `mark` in each cancel's `_meta`. */
function connected(server: McpServer) {
  const { port1, port2 } = new MessageChannel();
  const served = serveMessagePort(server, port1);
  const transport = createMessagePortClientTransport(port2);
  const client = new McpClient(transport, { clientInfo: { name: 'cancel-test', version: '1.0.0' } });
  const sent: MessageContext[] = [];
  client.use({
    send: (ctx, next) => {
      if (ctx.method !== 'notifications/cancelled') return next();
      sent.push(ctx);
      return next({ ...ctx, params: { ...ctx.params, _meta: { mark: 'from the client' } } });
    },
  });
  cleanup.push(
    () => served.close(),
    () => port1.close(),
    () => client.close(),
  );
  return { client, sent };
}

/** The cancels the server's receive hooks saw; `behave` is what the hook does with one. */
function observed(server: McpServer, behave: (next: () => Promise<unknown>) => Promise<unknown>) {
  const seen: MessageContext[] = [];
  server.use({
    receive: (ctx, next) => {
      if (ctx.method !== 'notifications/cancelled') return next();
      seen.push(ctx);
      return behave(next);
    },
  });
  return seen;
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 2000) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Adds `hold`, which runs until cancelled: whether it started, and whether its signal aborted. */
function holding(server: McpServer) {
  const state = { started: false, cancelled: false };
  server.tool('hold', {}, (_args, ctx) => {
    state.started = true;
    return new Promise<{ content: [] }>((resolve) => {
      const cancelled = () => {
        state.cancelled = true;
        resolve({ content: [] });
      };
      if (ctx.signal.aborted) cancelled();
      else ctx.signal.addEventListener('abort', cancelled);
    });
  });
  return state;
}

/** Calls `hold` and aborts the call once the server runs it. */
async function abortedHold(client: McpClient, state: { started: boolean }): Promise<void> {
  const controller = new AbortController();
  const waiting = client.callTool('hold', {}, { signal: controller.signal });
  await waitFor(() => state.started);
  controller.abort();
  await expect(waiting).rejects.toThrow();
}

// A link speaks the 2026 wire only; the 2025 era's cancels are tested over stdio (packages/otel).
describe('notifications/cancelled over a MessagePort', () => {
  it('the server’s receive hooks see a cancel of a running request, with the _meta the client sent', async () => {
    const server = createEchoServer();
    const seen = observed(server, (next) => next());
    const hold = holding(server);
    const { client, sent } = connected(server);
    await client.connect();
    await abortedHold(client, hold);
    await waitFor(() => hold.cancelled && seen.length > 0);
    expect(sent).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      side: 'server',
      kind: 'notification',
      method: 'notifications/cancelled',
      params: { requestId: sent[0]!.params.requestId, _meta: { mark: 'from the client' } },
    });
  });

  it.each([
    ['throws', () => Promise.reject(new Error('hook broke'))],
    ['never calls next()', () => new Promise<never>(() => {})],
  ])('a receive hook that %s does not stop the cancel', async (_name, behave) => {
    const server = createEchoServer();
    const seen = observed(server, behave);
    const hold = holding(server);
    const { client } = connected(server);
    await client.connect();
    await abortedHold(client, hold);
    await waitFor(() => hold.cancelled && seen.length > 0);
  });

  it('closing with a call in flight: its cancel passes the send hooks, and the server sees and applies it', async () => {
    const server = createEchoServer();
    const seen = observed(server, (next) => next());
    const hold = holding(server);
    const { client, sent } = connected(server);
    await client.connect();
    const waiting = client.callTool('hold', {});
    await waitFor(() => hold.started);
    await client.close();
    await expect(waiting).rejects.toThrow();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toMatchObject({ reason: 'The client is closing' });
    await waitFor(() => hold.cancelled && seen.length > 0);
    expect(seen[0]!.params).toMatchObject({ _meta: { mark: 'from the client' } });
  });
});
