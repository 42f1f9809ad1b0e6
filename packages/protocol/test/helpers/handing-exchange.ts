import type { EndpointItem, McpEndpoint } from '../../src/contracts.js';
import type { ExchangeReader, ReadableExchange } from '../../src/exchange-reader.js';
import type { JSONRPCRequest } from '../../src/schemas/jsonrpc.js';

/** The request every reader test sends, and what its endpoint answers. */
export const request: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't' } };
export const note = (n: number): EndpointItem => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 't', progress: n },
});
export const response: EndpointItem = {
  response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } },
};

/**
 * An endpoint exchange that hands items over by a call (`readNext`), as McpServer's does. Its
 * `next()` throws: a transport that is offered `readNext` must read with it.
 */
export class HandingExchange implements ReadableExchange<EndpointItem> {
  readonly items: EndpointItem[] = [];
  waiting: ExchangeReader<EndpointItem> | undefined;
  reads = 0;
  /** Set by `return()`: the transport closed the exchange. */
  ended = false;
  failure: unknown;

  push(item: EndpointItem): void {
    const reader = this.waiting;
    this.waiting = undefined;
    if (reader) reader.step({ done: false, value: item });
    else this.items.push(item);
  }

  readNext(reader: ExchangeReader<EndpointItem>): void {
    this.reads++;
    const item = this.items.shift();
    if (item !== undefined) reader.step({ done: false, value: item });
    else if (this.failure !== undefined) reader.fail(this.failure);
    else if (this.ended) reader.step({ done: true, value: undefined });
    else this.waiting = reader;
  }

  next(): Promise<IteratorResult<EndpointItem>> {
    throw new Error('read with next() where readNext is offered');
  }

  return(): Promise<IteratorResult<EndpointItem>> {
    this.ended = true;
    const reader = this.waiting;
    this.waiting = undefined;
    reader?.step({ done: true, value: undefined });
    return Promise.resolve({ done: true, value: undefined });
  }
}

/** An endpoint whose every exchange is `exchange`. */
export function endpointOf(exchange: HandingExchange): McpEndpoint {
  return { handle: () => ({ [Symbol.asyncIterator]: () => exchange }) };
}
