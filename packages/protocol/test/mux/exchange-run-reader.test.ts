import { describe, expect, it } from 'vitest';
import type { EndpointItem, ExchangeMessage, McpEndpoint } from '../../src/contracts.js';
import type { ExchangeReader, ReadableExchange } from '../../src/exchange-reader.js';
import { ServerMux } from '../../src/mux/server-mux.js';

const note = (n: number): EndpointItem => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 't', progress: n },
});
const response: EndpointItem = { response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } };
const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't' } };

/** An endpoint exchange that hands items over by a call (`readNext`), as McpServer's does. */
class HandingExchange implements ReadableExchange<EndpointItem> {
  readonly items: EndpointItem[] = [];
  waiting: ExchangeReader<EndpointItem> | undefined;
  reads = 0;
  returned = false;
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
    else this.waiting = reader;
  }

  next(): Promise<IteratorResult<EndpointItem>> {
    throw new Error('read with next() where readNext is offered');
  }

  return(): Promise<IteratorResult<EndpointItem>> {
    this.returned = true;
    return Promise.resolve({ done: true, value: undefined });
  }
}

function serve(
  exchange: HandingExchange,
  write: (item: EndpointItem | ExchangeMessage) => Promise<void> | undefined,
) {
  const endpoint: McpEndpoint = { handle: () => ({ [Symbol.asyncIterator]: () => exchange }) };
  const mux = new ServerMux(endpoint, { transport: 'stdio' }, { write, idle: () => {} });
  mux.receive(request);
  return mux;
}

describe('the server mux reads an exchange that hands items over (readNext)', () => {
  it('writes items already there before receive returns, in order, and closes after the response', () => {
    const exchange = new HandingExchange();
    exchange.items.push(note(1), note(2), response);
    const written: unknown[] = [];
    const mux = serve(exchange, (item) => {
      written.push(item);
      return undefined;
    });
    expect(written).toEqual([note(1), note(2), response]);
    expect(exchange.returned).toBe(true);
    expect(mux.running).toBe(0);
  });

  it('writes a pushed item in the push itself', () => {
    const exchange = new HandingExchange();
    const written: unknown[] = [];
    serve(exchange, (item) => {
      written.push(item);
      return undefined;
    });
    expect(written).toEqual([]);
    exchange.push(note(1));
    expect(written).toEqual([note(1)]);
    exchange.push(response);
    expect(written).toEqual([note(1), response]);
  });

  it('takes a long burst of items already there in a loop, not by recursion', () => {
    const exchange = new HandingExchange();
    const count = 20_000;
    for (let n = 1; n <= count; n++) exchange.items.push(note(n));
    exchange.items.push(response);
    let written = 0;
    serve(exchange, () => {
      written++;
      return undefined;
    });
    expect(written).toBe(count + 1);
  });

  it('waits for the output before reading the next item', async () => {
    const exchange = new HandingExchange();
    exchange.items.push(note(1), note(2), response);
    const written: unknown[] = [];
    let release!: () => void;
    serve(exchange, (item) => {
      written.push(item);
      return written.length === 1
        ? new Promise<void>((resolve) => {
            release = resolve;
          })
        : undefined;
    });
    expect(written).toEqual([note(1)]);
    expect(exchange.reads).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(written).toEqual([note(1), note(2), response]);
  });

  it('answers a failed read with an error response', () => {
    const exchange = new HandingExchange();
    exchange.failure = new Error('broken');
    const written: unknown[] = [];
    serve(exchange, (item) => {
      written.push(item);
      return undefined;
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32603 } });
  });
});
