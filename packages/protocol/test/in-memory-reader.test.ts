import { describe, expect, it } from 'vitest';
import type { ExchangeReader, ReadableExchange } from '../src/exchange-reader.js';
import {
  createInMemoryTransport,
  type ExchangeMessage,
  type JSONRPCRequest,
  type McpEndpoint,
} from '../src/index.js';

const request: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

const echo: McpEndpoint = {
  async *handle(message) {
    const id = (message as { id: number }).id;
    yield { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } };
    yield { response: { jsonrpc: '2.0', id, result: { resultType: 'complete' } } };
  },
};

let stuckSignal: AbortSignal | undefined;
const stuck: McpEndpoint = {
  async *handle(_message, context) {
    stuckSignal = context.signal;
    await new Promise(() => {});
  },
};

/** A reader that records what it is handed, as `step:<method|response|done>` or `fail:<message>`. */
function recorder(log: string[], then?: () => void): ExchangeReader {
  return {
    step(result) {
      const item = result.value as ExchangeMessage | undefined;
      log.push(result.done ? 'step:done' : `step:${item && 'method' in item ? item.method : 'response'}`);
      then?.();
    },
    fail(error) {
      log.push(`fail:${(error as Error).message}`);
    },
  };
}

function open(endpoint: McpEndpoint, signal?: AbortSignal): ReadableExchange {
  return createInMemoryTransport(endpoint)
    .exchange(request, { signal })
    [Symbol.asyncIterator]() as ReadableExchange;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the in-memory transport hands messages to a reader (readNext)', () => {
  it('gives each message, then the end, one read at a time', async () => {
    const iterator = open(echo);
    const log: string[] = [];
    const reader = recorder(log, () => {
      if (log.at(-1) !== 'step:done') iterator.readNext!(reader);
    });
    iterator.readNext!(reader);
    await settle();
    expect(log).toEqual(['step:notifications/progress', 'step:response', 'step:done']);
  });

  it('fails a pending read after the caller’s own abort listeners ran, with the signal’s reason', async () => {
    const controller = new AbortController();
    const iterator = open(stuck, controller.signal);
    const log: string[] = [];
    iterator.readNext!(recorder(log));
    await settle();
    controller.signal.addEventListener('abort', () => log.push('caller'));
    controller.abort(new Error('stop'));
    expect(log).toEqual(['caller']);
    await settle();
    expect(log).toEqual(['caller', 'fail:stop']);
    expect(stuckSignal?.aborted).toBe(true);
  });

  it('return() while a read is pending ends that read at once', async () => {
    const iterator = open(stuck);
    const log: string[] = [];
    iterator.readNext!(recorder(log));
    await settle();
    await iterator.return!();
    expect(log).toEqual(['step:done']);
    expect(stuckSignal?.aborted).toBe(true);
  });

  it('a request JSON cannot carry fails the first read before it returns', () => {
    const log: string[] = [];
    const iterator = createInMemoryTransport(echo)
      .exchange({ ...request, params: { n: 1n } }, {})
      [Symbol.asyncIterator]() as ReadableExchange;
    iterator.readNext!(recorder(log));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^fail:.*BigInt/);
  });
});
