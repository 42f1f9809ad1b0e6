import type { ExchangeOptions, JSONRPCRequest } from '@mcpkit/protocol';
import { type ExchangeOwner, PendingExchange } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { DeferredExchange, type ExchangeSource } from '../src/client/deferred-exchange.js';

const request: JSONRPCRequest = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} };
const answer = { jsonrpc: '2.0' as const, id: 7, result: { resultType: 'complete' as const, tools: [] } };

/** An implementation that answers every exchange it opens at once, and records what it opened. */
function answeringSource(): ExchangeSource & { opened: JSONRPCRequest[] } {
  const opened: JSONRPCRequest[] = [];
  const owner: ExchangeOwner = {
    open: (exchange) => {
      opened.push(exchange.request);
      exchange.complete(answer);
    },
    abandon: () => undefined,
  };
  return {
    opened,
    exchange: (sent: JSONRPCRequest, options: ExchangeOptions) =>
      new PendingExchange(sent, options.signal, owner),
  };
}

/** A promise of `value` and the function that settles it. */
function later<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('DeferredExchange: an exchange asked for before the transport has loaded', () => {
  it('reads the real exchange once the implementation is in', async () => {
    const loading = later<ExchangeSource>();
    const source = answeringSource();
    const exchange = new DeferredExchange(loading.promise, request, {});
    const first = exchange.next();
    expect(source.opened).toEqual([]);
    loading.resolve(source);
    expect(await first).toEqual({ done: false, value: answer });
    expect(await exchange.next()).toEqual({ done: true, value: undefined });
    expect(source.opened).toEqual([request]);
  });

  it('ended before the implementation is in, it ends a waiting read at once and sends nothing', async () => {
    const loading = later<ExchangeSource>();
    const source = answeringSource();
    const exchange = new DeferredExchange(loading.promise, request, {});
    const waiting = exchange.next();
    await exchange.return();
    expect(await waiting).toEqual({ done: true, value: undefined });
    loading.resolve(source);
    await loading.promise;
    expect(await exchange.next()).toEqual({ done: true, value: undefined });
    expect(source.opened).toEqual([]);
  });

  it('fails a waiting read with the error of a failed load', async () => {
    const loading = later<ExchangeSource>();
    const exchange = new DeferredExchange(loading.promise, request, {});
    const waiting = exchange.next();
    const failure = new Error('the chunk could not be loaded');
    loading.reject(failure);
    await expect(waiting).rejects.toBe(failure);
    expect(await exchange.next()).toEqual({ done: true, value: undefined });
  });

  it('a signal aborted while loading fails the exchange with its reason, sending nothing', async () => {
    const loading = later<ExchangeSource>();
    const source = answeringSource();
    const controller = new AbortController();
    const exchange = new DeferredExchange(loading.promise, request, { signal: controller.signal });
    const waiting = exchange.next();
    const reason = new Error('timed out');
    controller.abort(reason);
    loading.resolve(source);
    await expect(waiting).rejects.toBe(reason);
    expect(source.opened).toEqual([]);
  });
});
