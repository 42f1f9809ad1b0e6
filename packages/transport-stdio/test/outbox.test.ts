import { type ExchangeOwner, Outbox, PendingExchange } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { LineWriter } from '../src/line-writer.js';
import { heldStream } from './helpers/held-stream.js';

const owner: ExchangeOwner = { open: () => {}, abandon: () => {} };
const exchange = (id: number) => new PendingExchange({ jsonrpc: '2.0', id, method: 'm' }, undefined, owner);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** An outbox on a held stream, drained as a child connection drains it, recording what it serializes. */
function setup() {
  const { stream, writes, release } = heldStream(4);
  const serialized: number[] = [];
  let outbox!: Outbox<string>;
  const writer = new LineWriter(stream, {
    onBlockedChange: (blocked) => {
      if (!blocked) outbox.drain();
    },
  });
  outbox = new Outbox(writer, (item) => {
    serialized.push(item.id as number);
    writer.write(`request ${item.id}\n`);
  });
  const flushAll = async () => {
    for (let i = 0; i < 20; i++) {
      release();
      await nextTurn();
    }
  };
  return { outbox, writer, writes, serialized, flushAll };
}

describe('Outbox (client write backpressure)', () => {
  it('writes at once while the pipe has room, then holds requests unserialized until it drains, in order with notifications', async () => {
    const { outbox, writer, writes, serialized, flushAll } = setup();
    outbox.sendRequest(exchange(1));
    writer.flush(); // the turn ends: the request is written and fills the pipe
    expect(serialized).toEqual([1]);
    outbox.sendRequest(exchange(2));
    const notified = outbox.sendNotification('note\n');
    outbox.sendRequest(exchange(3));
    expect(serialized).toEqual([1]);
    expect(notified).toBeInstanceOf(Promise);
    await flushAll();
    await notified;
    expect(serialized).toEqual([1, 2, 3]);
    expect(writes.join('')).toBe('request 1\nrequest 2\nnote\nrequest 3\n');
  });

  it('a withdrawn exchange is never serialized nor written', async () => {
    const { outbox, writer, writes, serialized, flushAll } = setup();
    const [first, second, third] = [exchange(1), exchange(2), exchange(3)];
    outbox.sendRequest(first);
    writer.flush();
    outbox.sendRequest(second);
    outbox.sendRequest(third);
    expect(outbox.withdraw(second)).toBe(true);
    expect(outbox.withdraw(first)).toBe(false);
    await flushAll();
    expect(serialized).toEqual([1, 3]);
    expect(writes.join('')).toBe('request 1\nrequest 3\n');
  });

  it('drop() forgets what waits: notifications resolve, requests are never written', async () => {
    const { outbox, writer, writes, serialized, flushAll } = setup();
    outbox.sendRequest(exchange(1));
    writer.flush();
    outbox.sendRequest(exchange(2));
    const notified = outbox.sendNotification('note\n');
    outbox.drop();
    await notified;
    await flushAll();
    expect(serialized).toEqual([1]);
    expect(writes.join('')).toBe('request 1\n');
  });

  it('after drop() nothing waits any more: a send goes to the writer (abandoned with the process), a notification resolves', () => {
    const { outbox, writer, serialized } = setup();
    outbox.sendRequest(exchange(1));
    // As a child connection stops writing when its process is gone.
    writer.abandon();
    outbox.drop();
    outbox.sendRequest(exchange(2));
    expect(serialized).toEqual([1, 2]);
    expect(outbox.sendNotification('note\n')).toBeUndefined();
  });
});
