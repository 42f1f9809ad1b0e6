import type { JSONRPCNotification } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { collect, request, spawnFixture } from './helpers/processes.js';

describe('StdioClientTransport: what a 2025-era server sends on its own', () => {
  it('B-13: a request of the server goes to the handler and its answer is written back on the pipe', async () => {
    const transport = spawnFixture('asking-server.mjs');
    transport.onServerRequest(async (serverRequest) => ({
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

  it('B-13: without a handler the transport answers -32601', async () => {
    const transport = spawnFixture('asking-server.mjs');
    const [reply] = await collect(
      transport.exchange(request(1, 'ask', { method: 'sampling/createMessage' }), {}),
    );
    expect(reply).toMatchObject({ result: { answer: { id: 'srv-1', error: { code: -32601 } } } });
  });

  it('B-11: a notification for no request goes to serverMessages', async () => {
    const transport = spawnFixture('asking-server.mjs');
    const controller = new AbortController();
    const received: JSONRPCNotification[] = [];
    const reading = (async () => {
      for await (const message of transport.serverMessages(controller.signal)) {
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
