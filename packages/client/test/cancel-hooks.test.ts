// The send hooks see the notifications/cancelled a transport writes when a call is aborted (stdio,
// the 2025 HTTP+SSE transport), where it is written, with what they hand on.
import { fileURLToPath } from 'node:url';
import type { MessageContext } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';
import { serveHttpSse } from './helpers/http-sse-server.js';

const modernFixture = fileURLToPath(new URL('./fixtures/modern-server.mjs', import.meta.url));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The send hooks' view of every message `client` sends, and the request ids of `method`. */
function watch(client: McpClient) {
  const seen: MessageContext[] = [];
  client.use({
    send(ctx, next) {
      seen.push(ctx);
      return next();
    },
  });
  cleanups.push(() => client.close());
  return seen;
}

const cancels = (seen: MessageContext[]) => seen.filter((ctx) => ctx.method === 'notifications/cancelled');

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('send hooks see the client’s notifications/cancelled', () => {
  it('over stdio: the cancel of an aborted read, naming its request', async () => {
    const client = new McpClient(
      createStdioClientTransport({ command: process.execPath, args: [modernFixture], stderr: 'ignore' }),
      { autoListTools: false },
    );
    const seen = watch(client);
    await client.connect();
    const controller = new AbortController();
    const read = client.readResource('file:///slow', { signal: controller.signal });
    await until(() => seen.some((ctx) => ctx.method === 'resources/read'));
    controller.abort(new Error('no longer needed'));
    await expect(read).rejects.toThrow();
    await until(() => cancels(seen).length > 0);
    const request = seen.find((ctx) => ctx.method === 'resources/read')!;
    expect(cancels(seen)).toHaveLength(1);
    expect(cancels(seen)[0]).toMatchObject({
      side: 'client',
      direction: 'send',
      kind: 'notification',
      id: undefined,
      era: 'modern',
      protocolVersion: '2026-07-28',
      network: { transport: 'pipe' },
      params: { requestId: request.id, reason: 'no longer needed' },
    });
  });

  it('over 2025 HTTP+SSE: the cancel is POSTed once a hook hands it on, and not when none does', async () => {
    const mcp = new McpServer({ name: 'slow', version: '1.0.0' });
    mcp.tool(
      'wait',
      { description: 'Answers once cancelled' },
      (_args, ctx) =>
        new Promise<{ content: [] }>((resolve) =>
          ctx.signal.addEventListener('abort', () => resolve({ content: [] })),
        ),
    );
    const http = await serveHttpSse(mcp);
    cleanups.push(() => http.close());
    const cancelledPosts = () => http.seen.filter((request) => request.rpc === 'notifications/cancelled');

    const client = new McpClient(createHttpClientTransport(http.url), { autoListTools: false });
    const seen = watch(client);
    const controller = new AbortController();
    const call = client.callTool('wait', {}, { signal: controller.signal });
    await until(() => http.seen.some((request) => request.rpc === 'tools/call'));
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => cancelledPosts().length === 1);
    const request = seen.find((ctx) => ctx.method === 'tools/call')!;
    expect(cancels(seen)).toHaveLength(1);
    expect(cancels(seen)[0]).toMatchObject({
      kind: 'notification',
      era: 'legacy',
      network: { transport: 'tcp' },
      params: { requestId: request.id },
    });

    const dropping = new McpClient(createHttpClientTransport(http.url), { autoListTools: false });
    cleanups.push(() => dropping.close());
    const dropped: MessageContext[] = [];
    dropping.use({
      send: (ctx, next) => {
        if (ctx.method !== 'notifications/cancelled') return next();
        dropped.push(ctx);
        return Promise.resolve(undefined);
      },
    });
    const second = new AbortController();
    const calls = () => http.seen.filter((request) => request.rpc === 'tools/call').length;
    const secondCall = dropping.callTool('wait', {}, { signal: second.signal });
    await until(() => calls() === 2);
    second.abort();
    await expect(secondCall).rejects.toThrow();
    await until(() => dropped.length === 1);
    await dropping.callTool('wait', {}, { signal: AbortSignal.timeout(50) }).catch(() => undefined);
    await until(() => cancelledPosts().length === 1 && calls() === 3);
    expect(cancelledPosts()).toHaveLength(1);
  });
});
