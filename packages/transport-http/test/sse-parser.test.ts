import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SseEvent, SseParser } from '../src/client/sse-parser.js';

function parseAll(chunks: string[]): SseEvent[] {
  const parser = new SseParser();
  const events = chunks.flatMap((chunk) => parser.push(chunk));
  return events.concat(parser.end());
}

function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(text.slice(start, point));
    start = point;
  }
  chunks.push(text.slice(start));
  return chunks;
}

describe('SseParser', () => {
  it('H-15: ignores comments, including keep-alives', () => {
    expect(parseAll([': keep-alive\n\n:\r\ndata: {"a":1}\n\n'])).toEqual([
      { event: 'message', data: '{"a":1}' },
    ]);
  });

  it('joins multi-line data with newlines and strips one leading space', () => {
    expect(parseAll(['data:first\ndata:  second\ndata\n\n'])).toEqual([
      { event: 'message', data: 'first\n second\n' },
    ]);
  });

  it('keeps event names and ignores id and retry (H-16)', () => {
    expect(parseAll(['event: endpoint\nid: 7\nretry: 100\ndata: /messages\n\ndata: x\n\n'])).toEqual([
      { event: 'endpoint', data: '/messages' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('handles \\r\\n split between chunks, lone \\r and a BOM', () => {
    expect(parseAll(['\ufeffdata: a\r', '\n\r', '\ndata: b\r\r'])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('handles line ends at every chunk edge, empty chunks between \\r and \\n, and a lone BOM chunk', () => {
    const chunks = [
      '',
      '\ufeff',
      'da',
      'ta: a',
      '\r',
      '',
      '\n',
      '\r',
      '\n',
      'data: b\r',
      '\nda',
      'ta: c\n',
      '\r\n',
    ];
    expect(parseAll(chunks)).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b\nc' },
    ]);
    expect(parseAll(['data: x\r', '\r', 'data: y\r'])).toEqual([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  // The parser used to rescan the whole unfinished line on every chunk: 4 MiB in 1 KiB chunks
  // took about 10 s and 16 MiB minutes, where it now takes well under a second. No timing is
  // asserted; the test yields between chunks so that its generous timeout stops a quadratic
  // parser instead of waiting for it.
  it('parses a 16 MiB event arriving in 1 KiB chunks in time linear in its size', async ({ signal }) => {
    const payload = `{"text":"${'x'.repeat(16 * 1024 * 1024)}"}`;
    const stream = `data: ${payload}\n\n`;
    const parser = new SseParser();
    const events: SseEvent[] = [];
    for (let offset = 0, chunk = 0; offset < stream.length; offset += 1024, chunk++) {
      events.push(...parser.push(stream.slice(offset, offset + 1024)));
      if (chunk % 64 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (signal.aborted) return;
      }
    }
    expect(events).toHaveLength(1);
    expect(events[0]!.data.length).toBe(payload.length);
    expect(events[0]!.data === payload).toBe(true);
  });

  it('an event without data dispatches nothing; an empty data line dispatches an empty event', () => {
    expect(parseAll(['event: x\n\ndata:\n\n'])).toEqual([{ event: 'message', data: '' }]);
  });

  it('dispatches a last event the server did not terminate with a blank line', () => {
    expect(parseAll(['data: {"id":1}'])).toEqual([{ event: 'message', data: '{"id":1}' }]);
  });

  it('any chunking of a stream gives the same events (fuzz)', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ':', 'é', '😀', '{', '"'), maxLength: 12 });
    const field = fc.oneof(
      line.map((value) => `data: ${value}`),
      line.map((value) => `: ${value}`),
      line.map((value) => `event: ${value}`),
      fc.constant('id: 3'),
      fc.constant(''),
    );
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    const stream = fc
      .array(fc.tuple(field, eol), { maxLength: 30 })
      .map((lines) => lines.map(([l, e]) => l + e).join(''));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
        expect(parseAll(splitAt(text, cuts))).toEqual(parseAll([text]));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary input (fuzz)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }), (chunks) => {
        for (const event of parseAll(chunks)) expect(typeof event.data).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
