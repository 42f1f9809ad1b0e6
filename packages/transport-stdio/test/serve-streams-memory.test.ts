import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { McpEndpoint } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { streamPeer } from './helpers/stream-peer.js';
import { final, type Message } from './helpers/test-endpoint.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const IN_FLIGHT = 64;
const ROUNDS = 10;

/** An endpoint that answers every request after a turn of the event loop, and remembers weakly what it was handed. */
function weaklyWatchedEndpoint() {
  const handed: WeakRef<object>[] = [];
  const ended = { count: 0 };
  const endpoint: McpEndpoint = {
    handle(message, context) {
      handed.push(new WeakRef(message as object), new WeakRef(context));
      const id = (message as Message).id;
      return (async function* () {
        try {
          await new Promise((resolve) => setImmediate(resolve));
          yield final(id, { ok: true });
        } finally {
          ended.count++;
        }
      })();
    },
  };
  return { endpoint, handed, ended };
}

function requestLines(firstId: number, count: number): string {
  let text = '';
  for (let id = firstId; id < firstId + count; id++) {
    text += `${JSON.stringify({ jsonrpc: '2.0', id, method: 'echo', params: { text: 'x' } })}\n`;
  }
  return text;
}

describe('serveStreams: memory', () => {
  it('keeps nothing of an answered exchange: its message and context can be collected', async () => {
    const { endpoint, handed } = weaklyWatchedEndpoint();
    const peer = streamPeer(endpoint);
    for (let round = 0; round < ROUNDS; round++) {
      peer.input.write(requestLines(round * IN_FLIGHT + 1, IN_FLIGHT));
      await peer.until((messages) => messages.length === (round + 1) * IN_FLIGHT);
    }
    expect(handed).toHaveLength(2 * ROUNDS * IN_FLIGHT);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    const retained = handed.filter((ref) => ref.deref() !== undefined);
    expect(retained).toHaveLength(0);
    peer.input.end();
    await peer.server.closed;
  });

  it('keeps nothing of a cancelled exchange either', async () => {
    const { endpoint, handed, ended } = weaklyWatchedEndpoint();
    const peer = streamPeer(endpoint);
    peer.input.write(requestLines(1, IN_FLIGHT));
    let cancels = '';
    for (let id = 1; id <= IN_FLIGHT; id += 2) {
      cancels += `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })}\n`;
    }
    peer.input.write(cancels);
    await peer.until((messages) => messages.length === IN_FLIGHT / 2);
    while (ended.count < IN_FLIGHT) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(handed.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    peer.input.end();
    await peer.server.closed;
  });

  it('starts the lines of a chunk one after another: an exchange that needs no I/O ends before the last line is handed over', async () => {
    const events: string[] = [];
    const endpoint: McpEndpoint = {
      handle(message) {
        const id = (message as Message).id;
        events.push(`handle ${id}`);
        return (async function* () {
          try {
            yield final(id, { ok: true });
          } finally {
            events.push(`ended ${id}`);
          }
        })();
      },
    };
    const peer = streamPeer(endpoint);
    peer.input.write(requestLines(1, IN_FLIGHT));
    await peer.until((messages) => messages.length === IN_FLIGHT);
    expect(events.filter((event) => event.startsWith('ended'))).toHaveLength(IN_FLIGHT);
    expect(events.indexOf('ended 1')).toBeLessThan(events.indexOf(`handle ${IN_FLIGHT}`));
    expect(events.filter((event) => event.startsWith('handle'))).toEqual(
      Array.from({ length: IN_FLIGHT }, (_, i) => `handle ${i + 1}`),
    );
    peer.input.end();
    await peer.server.closed;
  });
});
