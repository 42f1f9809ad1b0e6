import { describe, expect, it } from 'vitest';
import type { ExchangeReader, ReadableExchange } from '../src/exchange-reader.js';
import { createInMemoryTransport, type ExchangeMessage } from '../src/index.js';
import { endpointOf, HandingExchange, note, request, response } from './helpers/handing-exchange.js';

function open(exchange: HandingExchange, signal?: AbortSignal, jsonRoundTrip = true): ReadableExchange {
  return createInMemoryTransport(endpointOf(exchange), { jsonRoundTrip })
    .exchange(request, { signal })
    [Symbol.asyncIterator]() as ReadableExchange;
}

/** A reader that asks for the next message from `step`, as the client's call does. */
function reading(iterator: ReadableExchange) {
  const log: Array<ExchangeMessage | 'done' | { failed: unknown }> = [];
  const reader: ExchangeReader = {
    step(result) {
      if (result.done) {
        log.push('done');
        return;
      }
      log.push(result.value);
      if (!('response' in result.value)) iterator.readNext!(reader);
    },
    fail(error) {
      log.push({ failed: error });
    },
  };
  iterator.readNext!(reader);
  return log;
}

describe('the in-memory transport reads an endpoint that hands items over (readNext)', () => {
  it('passes an item the endpoint has on to the client before readNext returns', () => {
    const exchange = new HandingExchange();
    exchange.items.push(note(1), response);
    const log = reading(open(exchange));
    expect(log).toEqual([note(1), (response as { response: ExchangeMessage }).response]);
  });

  it('passes a pushed item on in the push itself, in order', () => {
    const exchange = new HandingExchange();
    const log = reading(open(exchange, undefined, false));
    expect(log).toEqual([]);
    exchange.push(note(1));
    exchange.push(note(2));
    expect(log).toEqual([note(1), note(2)]);
    exchange.push(response);
    expect(log).toEqual([note(1), note(2), (response as { response: ExchangeMessage }).response]);
  });

  it('reads a long burst of items already there in a loop, not by recursion', () => {
    const exchange = new HandingExchange();
    const count = 20_000;
    for (let n = 1; n <= count; n++) exchange.items.push(note(n));
    exchange.items.push(response);
    const log = reading(open(exchange, undefined, false));
    expect(log).toHaveLength(count + 1);
    expect(log[count - 1]).toEqual(note(count));
  });

  it('hands the endpoint’s failure to the client’s fail', () => {
    const exchange = new HandingExchange();
    exchange.failure = new Error('endpoint broke');
    const log = reading(open(exchange));
    expect(log).toEqual([{ failed: exchange.failure }]);
  });

  it('an end the endpoint hands over while the caller aborts fails the read with the reason', async () => {
    const exchange = new HandingExchange();
    const controller = new AbortController();
    const log = reading(open(exchange, controller.signal));
    controller.abort(new Error('stop'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(exchange.ended).toBe(true);
    expect(log).toEqual([{ failed: controller.signal.reason }]);
  });
});
