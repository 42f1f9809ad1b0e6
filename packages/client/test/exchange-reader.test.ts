import {
  type ClientTransport,
  createInMemoryTransport,
  type JSONRPCRequest,
  type McpEndpoint,
} from '@mcpkit/protocol';
import type { ReadableExchange } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';
import { done } from './helpers/input-rounds.js';
import { meta, mockServer, progress } from './helpers/mock-server.js';

/**
 * A transport over `endpoint` whose exchanges can be read only with `readNext`: `next()` throws,
 * so a client that reads any other way fails its calls.
 */
function readNextOnly(endpoint: McpEndpoint): ClientTransport & { reads: number } {
  const inner = createInMemoryTransport(endpoint);
  const transport = {
    reads: 0,
    exchange(request: JSONRPCRequest, options: Parameters<ClientTransport['exchange']>[1]) {
      const iterator = inner.exchange(request, options)[Symbol.asyncIterator]() as ReadableExchange;
      const only: ReadableExchange = {
        next: () => {
          throw new Error('read with next()');
        },
        readNext: (reader) => {
          transport.reads++;
          iterator.readNext!(reader);
        },
        return: () => iterator.return!(),
      };
      return { [Symbol.asyncIterator]: () => only };
    },
    close: () => inner.close(),
  };
  return transport;
}

describe('the client reads an exchange through readNext when the transport offers it', () => {
  it('C-14, P-80: each message of the exchange, progress then the result, is handed over by a call', async () => {
    const server = mockServer({
      'tools/call': async function* (request) {
        yield progress(meta(request).progressToken, 1, 2);
        yield { jsonrpc: '2.0', id: request.id, result: done('ok') };
      },
    });
    const transport = readNextOnly(server);
    const client = new McpClient(transport, { autoListTools: false });
    const seen: number[] = [];
    const result = await client.callTool('echo', {}, { onProgress: (p) => seen.push(p.progress) });
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(seen).toEqual([1]);
    // The probe's response, then the call's progress and its response.
    expect(transport.reads).toBe(3);
  });
});
