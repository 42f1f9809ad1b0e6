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
});
