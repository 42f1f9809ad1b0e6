import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../src/index.js';

function splitter(max = 1024) {
  const lines: string[] = [];
  const views: Buffer[] = [];
  const oversized: number[] = [];
  const instance = new LineSplitter(max, {
    line: (bytes) => {
      views.push(bytes);
      lines.push(bytes.toString('utf8'));
    },
    oversized: (limit) => oversized.push(limit),
  });
  return { instance, lines, views, oversized };
}

/** Cuts `bytes` at the given offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

describe('LineSplitter', () => {
  it('T-2: one message per \\n-delimited line; a line inside one chunk is a view, not a copy', () => {
    const { instance, lines, views } = splitter();
    const chunk = Buffer.from('{"a":1}\n{"b":2}\n');
    instance.push(chunk);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    for (const view of views) expect(view.buffer).toBe(chunk.buffer);
  });

  it('joins a line split across chunks, at every cut point, including inside a UTF-8 character', () => {
    const text = '{"text":"héllo wörld ✓ 𝄞"}\n';
    const bytes = Buffer.from(text);
    for (let at = 0; at <= bytes.length; at++) {
      const { instance, lines } = splitter();
      instance.push(bytes.subarray(0, at));
      instance.push(bytes.subarray(at));
      expect(lines).toEqual([text.trimEnd()]);
    }
  });

  it('skips empty lines and a lone \\r, keeps a \\r before \\n for JSON to ignore', () => {
    const { instance, lines } = splitter();
    instance.push(Buffer.from('\n\r\n{"a":1}\r\n\n'));
    expect(lines).toEqual(['{"a":1}\r']);
  });

  it('hands over a last line without \\n when the stream ends', () => {
    const { instance, lines } = splitter();
    instance.push(Buffer.from('{"a":1}\n{"b"'));
    instance.push(Buffer.from(':2}'));
    expect(lines).toEqual(['{"a":1}']);
    instance.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('reports a line longer than the limit once, drops it as it streams past, and keeps going', () => {
    const { instance, lines, oversized } = splitter(10);
    instance.push(Buffer.from('{"a":1}\n0123456789'));
    instance.push(Buffer.from('0123456789'));
    instance.push(Buffer.from('0123456789\n{"b":2}\n'));
    instance.push(Buffer.from('x'.repeat(11)));
    instance.push(Buffer.from('\n{"c":3}\n'));
    instance.push(Buffer.from(`${'y'.repeat(11)}\n{"d":4}\n`));
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}', '{"d":4}']);
    expect(oversized).toEqual([10, 10, 10]);
  });

  it('accepts a line of exactly the limit, also when split', () => {
    const { instance, lines, oversized } = splitter(10);
    instance.push(Buffer.from('01234'));
    instance.push(Buffer.from('56789\n0123456789\n'));
    expect(lines).toEqual(['0123456789', '0123456789']);
    expect(oversized).toEqual([]);
  });

  it('reassembles a multi-megabyte line from small chunks', () => {
    const { instance, lines } = splitter(16 * 1024 * 1024);
    const line = `{"data":"${'z'.repeat(5 * 1024 * 1024)}"}`;
    const bytes = Buffer.from(`${line}\n`);
    for (let start = 0; start < bytes.length; start += 65_536)
      instance.push(bytes.subarray(start, start + 65_536));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(line);
  });

  it('yields the same lines however the stream is cut (property)', () => {
    const lineArb = fc
      .string({ unit: 'binary', maxLength: 40 })
      .map((s) => s.replaceAll('\n', ' '))
      .filter((s) => s !== '' && s !== '\r');
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (input, offsets) => {
          const { instance, lines } = splitter(1 << 20);
          const bytes = Buffer.from(input.map((l) => `${l}\n`).join(''));
          for (const chunk of cut(bytes, offsets)) instance.push(chunk);
          instance.end();
          expect(lines).toEqual(input.map((l) => Buffer.from(l).toString('utf8')));
        },
      ),
    );
  });
});

/** A splitter whose sink takes text: valid lines as strings, broken ones as bytes, in one ordered log. */
function textSplitter(max = 1024) {
  const log: Array<{ text: string } | { bytes: number[] } | { oversized: number }> = [];
  const instance = new LineSplitter(max, {
    text: (line) => log.push({ text: line }),
    line: (bytes) => log.push({ bytes: [...bytes] }),
    oversized: (limit) => log.push({ oversized: limit }),
  });
  return { instance, log };
}

describe('LineSplitter with a text sink', () => {
  it('T-2: hands every line of a chunk as text, decoded once per chunk, in order', () => {
    const { instance, log } = textSplitter();
    instance.push(Buffer.from('{"a":1}\n{"b":"héllo ✓ 𝄞"}\n\n\r\n{"c":3}\r\n{"d"'));
    instance.push(Buffer.from(':4}\n'));
    expect(log).toEqual([
      { text: '{"a":1}' },
      { text: '{"b":"héllo ✓ 𝄞"}' },
      { text: '{"c":3}\r' },
      { text: '{"d":4}' },
    ]);
  });

  it('P-2: a line that is not UTF-8 comes as bytes, the valid lines around it still as text', () => {
    const { instance, log } = textSplitter();
    const broken = [0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d];
    instance.push(Buffer.concat([Buffer.from('{"a":1}\n'), Buffer.from(broken), Buffer.from('\n{"b":2}\n')]));
    expect(log).toEqual([{ text: '{"a":1}' }, { bytes: broken }, { text: '{"b":2}' }]);
  });

  it('P-2: a line holding U+FFFD itself is UTF-8 and comes as text, in one chunk or split across two', () => {
    const { instance, log } = textSplitter();
    const replacement = Buffer.from('{"a":"\uFFFD"}\n{"b":"\uFFFD');
    instance.push(replacement);
    instance.push(Buffer.from([0x22, 0x7d, 0x0a, 0xff, 0x0a]));
    expect(log).toEqual([{ text: '{"a":"\uFFFD"}' }, { text: '{"b":"\uFFFD"}' }, { bytes: [0xff] }]);
  });

  it('counts the limit in bytes, not characters, for ASCII and non-ASCII text', () => {
    const { instance, log } = textSplitter(6);
    instance.push(Buffer.from('abcdef\néé\néééé\nabcdefg\nok\n'));
    expect(log).toEqual([
      { text: 'abcdef' },
      { text: 'éé' },
      { oversized: 6 },
      { oversized: 6 },
      { text: 'ok' },
    ]);
  });

  it('yields the same lines as the byte sink however the stream is cut, broken UTF-8 included (property)', () => {
    const lineArb = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }).map((s) => Buffer.from(s.replaceAll('\n', ' '))),
      fc.uint8Array({ maxLength: 30 }).map((bytes) => Buffer.from(bytes.map((b) => (b === 0x0a ? 0x20 : b)))),
    );
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        (input, offsets, max) => {
          const bytes = Buffer.concat(input.flatMap((line) => [line, Buffer.from('\n')]));
          const expected: unknown[] = [];
          const reference = new LineSplitter(max, {
            line: (view) =>
              expected.push(isUtf8(view) ? { text: view.toString('utf8') } : { bytes: [...view] }),
            oversized: (limit) => expected.push({ oversized: limit }),
          });
          const { instance, log } = textSplitter(max);
          for (const chunk of cut(bytes, offsets)) {
            reference.push(chunk);
            instance.push(chunk);
          }
          reference.end();
          instance.end();
          expect(log).toEqual(expected);
        },
      ),
    );
  });
});
