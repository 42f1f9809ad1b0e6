import type { ExchangeMessage, JSONRPCMessage, JSONRPCNotification } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { collect, request, spawnFixture } from './helpers/processes.js';

describe('StdioClientTransport: what a 2025-era server sends on its own', () => {
  it('B-13: a request of the server goes to the handler and its answer is written back on the pipe', async () => {
    const transport = spawnFixture('asking-server.mjs');
    transport.legacy.onServerRequest(async (serverRequest) => ({
      jsonrpc: '2.0',
      id: serverRequest.id,
      result: { roots: [] },
    }));
    const [reply] = await collect(transport.exchange(request(1, 'ask', { method: 'roots/list' }), {}));
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { answer: { jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } } },
    });
  });

  it('T-4: without a handler (a client of the 2026 era) a request of the server is not answered; it goes to onUnrouted', async () => {
    const unrouted: JSONRPCMessage[] = [];
    let heard: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const transport = spawnFixture('asking-server.mjs', {
      onUnrouted: (message) => {
        unrouted.push(message);
        heard();
      },
    });
    const asking: ExchangeMessage[] = [];
    const controller = new AbortController();
    const pending = (async () => {
      for await (const message of transport.exchange(
        request(1, 'ask', { method: 'sampling/createMessage' }),
        {
          signal: controller.signal,
        },
      ))
        asking.push(message);
    })().catch(() => {});
    await asked;
    // The server answers in the order it reads: a response written for its request would have
    // ended the first exchange before this one.
    const [announced] = await collect(transport.exchange(request(2, 'announce'), {}));
    expect(announced).toMatchObject({ id: 2, result: {} });
    expect(asking).toEqual([]);
    expect(unrouted[0]).toEqual({
      jsonrpc: '2.0',
      id: 'srv-1',
      method: 'sampling/createMessage',
      params: {},
    });
    controller.abort();
    await pending;
  });

  it('B-11: a notification for no request goes to serverMessages', async () => {
    const transport = spawnFixture('asking-server.mjs');
    const controller = new AbortController();
    const received: JSONRPCNotification[] = [];
    const reading = (async () => {
      for await (const message of transport.legacy.serverMessages(controller.signal)) {
        received.push(message);
        controller.abort();
      }
    })();
    await collect(transport.exchange(request(1, 'announce'), {}));
    await reading;
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
  });

  it('B-6: peer names the command line', () => {
    expect(spawnFixture('asking-server.mjs').peer).toMatch(/^stdio: .*node.* .*asking-server\.mjs$/);
  });
});
