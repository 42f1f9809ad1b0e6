import type { EndpointItem, McpEndpoint } from '@mcpkit/protocol';
import {
  type ExchangeReader,
  LazyAbort,
  LazyRequestContext,
  type ReadableExchange,
} from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { replyFromExchange } from '../src/server/exchange-reply.js';
import type { IncomingHttpRequest } from '../src/server/incoming.js';
import type { ResponseMode } from '../src/server/negotiation.js';
import { resolveConfig } from '../src/server/options.js';

const message = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 't' } };
const note = (n: number): EndpointItem => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 't', progress: n },
});
const response: EndpointItem = { response: { jsonrpc: '2.0', id: 3, result: { resultType: 'complete' } } };

/** An endpoint exchange that hands items over by a call (`readNext`), as McpServer's does. */
class HandingExchange implements ReadableExchange<EndpointItem> {
  readonly items: EndpointItem[] = [];
  head = 0;
  waiting: ExchangeReader<EndpointItem> | undefined;
  failure: unknown;
  returned = false;

  push(item: EndpointItem): void {
    const reader = this.waiting;
    this.waiting = undefined;
    if (reader) reader.step({ done: false, value: item });
    else this.items.push(item);
  }

  readNext(reader: ExchangeReader<EndpointItem>): void {
    const item = this.items[this.head];
    if (item !== undefined) this.head++;
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

function reply(exchange: HandingExchange, mode: ResponseMode = 'json') {
  const endpoint: McpEndpoint = { handle: () => ({ [Symbol.asyncIterator]: () => exchange }) };
  const request = {
    method: 'POST',
    headers: new Headers(),
    cancellation: new LazyAbort(),
  } as IncomingHttpRequest;
  return replyFromExchange(
    endpoint,
    message,
    new LazyRequestContext({ transport: 'http' }),
    request,
    mode,
    resolveConfig({}, endpoint),
    undefined,
  );
}

describe('the HTTP reply reads an exchange that hands items over (readNext)', () => {
  it('a response that is there at once is replied without a promise, and the exchange closed', () => {
    const exchange = new HandingExchange();
    exchange.items.push(response);
    const made = reply(exchange);
    expect(made).toMatchObject({
      kind: 'buffered',
      status: 200,
      body: JSON.stringify((response as { response: unknown }).response),
    });
    expect(exchange.returned).toBe(true);
  });

  it('a JSON-only reply skips a long burst of notifications in a loop, not by recursion', () => {
    const exchange = new HandingExchange();
    for (let n = 1; n <= 20_000; n++) exchange.items.push(note(n));
    exchange.items.push(response);
    const made = reply(exchange) as { body: string };
    expect(JSON.parse(made.body)).toEqual((response as { response: unknown }).response);
  });

  it('a response handed over later settles the reply in that call', async () => {
    const exchange = new HandingExchange();
    const made = reply(exchange);
    expect(made).toBeInstanceOf(Promise);
    exchange.push(note(1));
    exchange.push(response);
    expect(await made).toMatchObject({ kind: 'buffered', status: 200 });
  });

  it('an SSE reply starts with the first notification', async () => {
    const exchange = new HandingExchange();
    const made = reply(exchange, 'sse');
    exchange.push(note(1));
    expect(await made).toMatchObject({ kind: 'stream' });
  });

  it('a failed read is an error reply', () => {
    const exchange = new HandingExchange();
    exchange.failure = new Error('broken');
    const made = reply(exchange);
    expect(made).toMatchObject({ kind: 'buffered' });
    expect(JSON.parse((made as { body: string }).body)).toMatchObject({ id: 3, error: { code: -32603 } });
  });
});
