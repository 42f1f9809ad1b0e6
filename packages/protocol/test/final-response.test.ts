import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createInMemoryTransport,
  type FinalResponse,
  type JSONRPCResponse,
  responseText,
} from '../src/index.js';

describe('responseText', () => {
  it('is JSON.stringify of the response when the endpoint holds no text (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.oneof(fc.integer(), fc.string()), (result, id) => {
        const response = { jsonrpc: '2.0', id, result } as JSONRPCResponse;
        expect(responseText({ response })).toBe(JSON.stringify(response));
      }),
    );
  });

  it('uses the text, not the object: the text is what the server computed once', () => {
    const final: FinalResponse = {
      response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } },
      json: '{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","cached":true}}',
    };
    expect(JSON.parse(responseText(final))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', cached: true },
    });
  });

  it('the in-memory transport copies a final response through its text', async () => {
    const transport = createInMemoryTransport({
      handle: (message) => ({
        async *[Symbol.asyncIterator]() {
          const id = (message as { id: number }).id;
          yield {
            response: { jsonrpc: '2.0' as const, id, result: { resultType: 'complete' } },
            json: `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"complete","from":"text"}}`,
          };
        },
      }),
    });
    const items = [];
    for await (const item of transport.exchange({ jsonrpc: '2.0', id: 5, method: 'tools/list' }, {}))
      items.push(item);
    expect(items).toEqual([{ jsonrpc: '2.0', id: 5, result: { resultType: 'complete', from: 'text' } }]);
    await transport.close();
  });

  it('without a JSON round trip, the client gets the response object itself', async () => {
    const response: JSONRPCResponse = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } };
    const transport = createInMemoryTransport(
      {
        handle: () => ({
          [Symbol.asyncIterator]: async function* () {
            yield { response };
          },
        }),
      },
      { jsonRoundTrip: false },
    );
    const items = [];
    for await (const item of transport.exchange({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}))
      items.push(item);
    expect(items[0]).toBe(response);
  });
});
