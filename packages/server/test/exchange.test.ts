import type { EndpointItem } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { ExchangeStream } from '../src/pipeline/exchange.js';

const note = (n: number) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/progress',
  params: { progress: n },
});

describe('ExchangeStream', () => {
  it('serves readers that ask again before their first read settles, in order', async () => {
    const stream = new ExchangeStream();
    const reads = [stream.next(), stream.next(), stream.next()];
    stream.push(note(1));
    stream.push(note(2));
    stream.finish();
    expect(await Promise.all(reads)).toEqual([
      { done: false, value: note(1) },
      { done: false, value: note(2) },
      { done: true, value: undefined },
    ]);
  });

  it('delivers what was queued before the reader came, then ends after the response', async () => {
    const stream = new ExchangeStream();
    stream.push(note(1));
    stream.finish({ response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } });
    expect(stream.push(note(2))).toBe(false);
    const items = [];
    for await (const item of stream) items.push(item);
    expect(items).toEqual([
      note(1),
      { response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } },
    ]);
  });

  describe('readNext', () => {
    /** A reader that records what it is handed, asking for the next item when `again`. */
    function recorder(stream: ExchangeStream, again = true) {
      const seen: Array<IteratorResult<EndpointItem> | { failed: unknown }> = [];
      const reader = {
        step(result: IteratorResult<EndpointItem>) {
          seen.push(result);
          if (again && !result.done) stream.readNext(reader);
        },
        fail(error: unknown) {
          seen.push({ failed: error });
        },
      };
      return { seen, reader };
    }

    it('hands a pushed item to the waiting reader in the push itself, then the end', () => {
      const stream = new ExchangeStream();
      const { seen, reader } = recorder(stream);
      stream.readNext(reader);
      expect(seen).toEqual([]);
      stream.push(note(1));
      expect(seen).toEqual([{ done: false, value: note(1) }]);
      stream.push(note(2));
      stream.finish({ response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } });
      expect(seen).toEqual([
        { done: false, value: note(1) },
        { done: false, value: note(2) },
        { done: false, value: { response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } } },
        { done: true, value: undefined },
      ]);
    });

    it('hands what was queued before readNext returns, in order', () => {
      const stream = new ExchangeStream();
      stream.push(note(1));
      stream.push(note(2));
      stream.finish();
      const { seen, reader } = recorder(stream);
      stream.readNext(reader);
      expect(seen).toEqual([
        { done: false, value: note(1) },
        { done: false, value: note(2) },
        { done: true, value: undefined },
      ]);
    });

    it('serves readNext and next() readers in the order they asked', async () => {
      const stream = new ExchangeStream();
      const { seen, reader } = recorder(stream, false);
      const first = stream.next();
      stream.readNext(reader);
      stream.push(note(1));
      stream.push(note(2));
      expect(await first).toEqual({ done: false, value: note(1) });
      expect(seen).toEqual([{ done: false, value: note(2) }]);
    });

    it('a reader handed the response may close the stream from step; later readers see the end', () => {
      const stream = new ExchangeStream();
      let returned = 0;
      stream.onReturn(() => returned++);
      const seen: unknown[] = [];
      stream.readNext({
        step(result) {
          seen.push(result);
          void stream.return();
        },
        fail: () => {},
      });
      stream.finish({ response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } });
      expect(seen).toEqual([
        { done: false, value: { response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } } },
      ]);
      expect(returned).toBe(1);
      expect(stream.push(note(3))).toBe(false);
      const { seen: later, reader } = recorder(stream);
      stream.readNext(reader);
      expect(later).toEqual([{ done: true, value: undefined }]);
    });

    it('a begin that throws reaches fail', () => {
      const failure = new Error('no start');
      class Broken extends ExchangeStream {
        protected override begin(): void {
          throw failure;
        }
      }
      const stream = new Broken();
      const { seen, reader } = recorder(stream);
      stream.readNext(reader);
      expect(seen).toEqual([{ failed: failure }]);
    });
  });
});
