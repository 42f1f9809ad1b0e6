import { describe, expect, it } from 'vitest';
import type { EndpointItem, ExchangeMessage } from '../../src/contracts.js';
import { ServerMux } from '../../src/mux/server-mux.js';
import { endpointOf, HandingExchange, note, request, response } from '../helpers/handing-exchange.js';

function serve(
  exchange: HandingExchange,
  write: (item: EndpointItem | ExchangeMessage) => Promise<void> | undefined,
) {
  const mux = new ServerMux(endpointOf(exchange), { transport: 'stdio' }, { write, idle: () => {} });
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
    expect(exchange.ended).toBe(true);
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
