import { describe, expect, it } from 'vitest';
import type { ExchangeMessage } from '../../src/contracts.js';
import type { ExchangeReader } from '../../src/exchange-reader.js';
import { type ExchangeOwner, PendingExchange } from '../../src/mux/pending-exchange.js';

const response: ExchangeMessage = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } };
const progress: ExchangeMessage = {
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 1, progress: 1 },
};

/** An owner that records what the exchange asks of it. */
function recordingOwner() {
  const calls: string[] = [];
  const owner: ExchangeOwner = {
    open: () => calls.push('open'),
    abandon: (_exchange, reason) => calls.push(`abandon:${String((reason as Error | undefined)?.message)}`),
  };
  return { owner, calls };
}

function open(owner: ExchangeOwner, signal?: AbortSignal): PendingExchange {
  return new PendingExchange({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }, signal, owner);
}

/** A reader that records what it is handed, as `step:<method|response|done>` or `fail:<message>`. */
function recorder(log: string[], then?: (result: IteratorResult<ExchangeMessage>) => void): ExchangeReader {
  return {
    step(result) {
      const item = result.value as ExchangeMessage | undefined;
      log.push(result.done ? 'step:done' : `step:${item && 'method' in item ? item.method : 'response'}`);
      then?.(result);
    },
    fail(error) {
      log.push(`fail:${(error as Error).message}`);
    },
  };
}

describe('a pending exchange of a shared pipe hands messages to a reader (readNext)', () => {
  it('opens on the first read, then gives what arrives to the waiting reader by a call, or what was buffered at once', () => {
    const { owner, calls } = recordingOwner();
    const exchange = open(owner);
    const log: string[] = [];
    exchange.readNext(recorder(log));
    expect(calls).toEqual(['open']);
    exchange.push(progress);
    expect(log).toEqual(['step:notifications/progress']);
    exchange.complete(response);
    exchange.readNext(recorder(log));
    exchange.readNext(recorder(log));
    expect(log).toEqual(['step:notifications/progress', 'step:response', 'step:done']);
  });

  it('a reader that closes the exchange from the response’s step does not cancel it', () => {
    const { owner, calls } = recordingOwner();
    const exchange = open(owner);
    const log: string[] = [];
    exchange.readNext(recorder(log, () => exchange.return()));
    exchange.complete(response);
    expect(log).toEqual(['step:response']);
    expect(calls).toEqual(['open']);
  });

  it('fails a waiting reader after the caller’s own abort listeners ran, and tells the owner to cancel', async () => {
    const { owner, calls } = recordingOwner();
    const controller = new AbortController();
    const exchange = open(owner, controller.signal);
    const log: string[] = [];
    exchange.readNext(recorder(log));
    controller.signal.addEventListener('abort', () => log.push('caller'));
    controller.abort(new Error('stop'));
    expect(log).toEqual(['caller']);
    await Promise.resolve();
    expect(log).toEqual(['caller', 'fail:stop']);
    expect(calls).toEqual(['open', 'abandon:stop']);
  });

  it('next() still reads as before: buffered items, then the end', async () => {
    const exchange = open(recordingOwner().owner);
    const first = exchange.next();
    exchange.push(progress);
    exchange.complete(response);
    expect(await first).toEqual({ done: false, value: progress });
    expect(await exchange.next()).toEqual({ done: false, value: response });
    expect(await exchange.next()).toEqual({ done: true, value: undefined });
  });
});
