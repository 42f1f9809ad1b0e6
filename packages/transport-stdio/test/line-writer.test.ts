import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { LineWriter } from '../src/line-writer.js';
import { heldStream } from './helpers/held-stream.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('LineWriter', () => {
  it('joins the lines of one burst into one write, made before the event loop goes on', async () => {
    const writes: string[] = [];
    const stream = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, callback) {
        writes.push(chunk);
        callback();
      },
    });
    const writer = new LineWriter(stream);
    for (let i = 0; i < 5; i++) expect(writer.write(`${i}\n`)).toBeUndefined();
    expect(writes).toEqual([]);
    // Lines written by promise jobs of the same turn join the batch too.
    await Promise.resolve();
    writer.write('5\n');
    await new Promise((resolve) => process.nextTick(resolve));
    expect(writes).toEqual(['0\n1\n2\n3\n4\n5\n']);
    writer.write('6\n');
    await nextTurn();
    expect(writes).toEqual(['0\n1\n2\n3\n4\n5\n', '6\n']);
  });

  it('writes a batch as soon as it fills a pipe (64 KiB, not the 16 KiB mark), so a burst cannot pile up in memory', () => {
    const writes: string[] = [];
    const stream = new Writable({
      highWaterMark: 16 * 1024,
      decodeStrings: false,
      write(chunk: string, _encoding, callback) {
        writes.push(chunk);
        callback();
      },
    });
    const writer = new LineWriter(stream);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 65; i++) writer.write(line);
    expect(writes.map((text) => text.length)).toEqual([64 * 1024]);
  });

  it('writeNow() writes at once, joined after the batch, and schedules no flush of its own', () => {
    const writes: string[] = [];
    const stream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const writer = new LineWriter(stream, {
      write: (text) => {
        writes.push(text);
        return true;
      },
    });
    const nextTick = vi.spyOn(process, 'nextTick');
    try {
      writer.writeNow('a\n');
      expect(writes).toEqual(['a\n']);
      expect(nextTick).not.toHaveBeenCalled();
      writer.write('b\n');
      writer.writeNow('c\n');
      expect(writes).toEqual(['a\n', 'b\nc\n']);
      expect(nextTick).toHaveBeenCalledTimes(1);
    } finally {
      nextTick.mockRestore();
    }
  });

  it('flush() writes the batched lines now', () => {
    const writes: string[] = [];
    const stream = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, callback) {
        writes.push(chunk);
        callback();
      },
    });
    const writer = new LineWriter(stream);
    writer.write('a\n');
    writer.write('b\n');
    writer.flush();
    expect(writes.join('')).toBe('a\nb\n');
  });

  it('respects backpressure: once the stream must drain, lines wait in order and are not handed to it', async () => {
    const { stream, writes, release } = heldStream(4);
    const blockedChanges: boolean[] = [];
    const writer = new LineWriter(stream, { onBlockedChange: (blocked) => blockedChanges.push(blocked) });
    expect(writer.write('first\n')).toBeUndefined();
    writer.flush(); // as at the end of the turn
    expect(writer.blocked).toBe(true);
    const waits = ['a\n', 'b\n', 'c\n'].map((line) => writer.write(line));
    for (const wait of waits) expect(wait).toBeInstanceOf(Promise);
    await nextTurn();
    expect(writes).toEqual(['first\n']);
    expect(stream.writableLength).toBe('first\n'.length);
    while (writes.join('') !== 'first\na\nb\nc\n') {
      release();
      await nextTurn();
    }
    await Promise.all(waits);
    release();
    await nextTurn();
    expect(writer.blocked).toBe(false);
    expect(blockedChanges).toEqual([true, false]);
  });

  it('flushAll() hands the waiting lines to the stream too, in order, and resolves their writers', async () => {
    const { stream, writes, release } = heldStream(1);
    const writer = new LineWriter(stream);
    writer.write('a\n');
    writer.flush();
    const waitB = writer.write('b\n');
    const waitC = writer.write('c\n');
    expect(waitB).toBeInstanceOf(Promise);
    writer.flushAll();
    // The stream took them although it never drained ('a', 'b', 'c' and their newlines are in it).
    expect(stream.writableLength).toBe(6);
    await Promise.all([waitB, waitC]);
    while (writes.length < 3) {
      release();
      await nextTurn();
    }
    expect(writes).toEqual(['a\n', 'b\n', 'c\n']);
  });

  it('abandon() resolves waiting writers and ignores later lines', async () => {
    const { stream, writes } = heldStream(1);
    const writer = new LineWriter(stream);
    writer.write('x\n');
    writer.flush();
    const wait = writer.write('y\n');
    writer.abandon();
    await wait;
    expect(writer.write('z\n')).toBeUndefined();
    await nextTurn();
    expect(writes).toEqual(['x\n']);
  });
});
