import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serveStreams } from '../src/server/serve-streams.js';
import { endpoint, final, gate, type Message } from './helpers/test-endpoint.js';

/** A server whose output records each write as it happens, in one log with the test's own events. */
function recordedServer(handlers: Parameters<typeof endpoint>[0]) {
  const log: string[] = [];
  const input = new PassThrough();
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(`write ${chunk.toString().trimEnd().split('\n').length}`);
      done();
    },
  });
  serveStreams(endpoint(handlers).endpoint, { input, output });
  const request = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'answer' })}\n`;
  return { log, input, request };
}

async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setImmediate(resolve));
}

describe('serveStreams: when answers are written', () => {
  it('writes the answer as the last running exchange ends, before callbacks queued on process.nextTick', async () => {
    const { log, input, request } = recordedServer({
      async *answer(m: Message) {
        process.nextTick(() => log.push('tick'));
        yield final(m.id);
      },
    });
    input.write(request(1));
    await until(() => log.length === 2);
    expect(log).toEqual(['write 1', 'tick']);
  });

  it('still joins the answers to one chunk of requests in one write', async () => {
    const { log, input, request } = recordedServer({
      async *answer(m: Message) {
        yield final(m.id);
      },
    });
    input.write(request(1) + request(2) + request(3));
    await until(() => log.length > 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['write 3']);
  });

  it('holds answers for the tick while another exchange still runs', async () => {
    const slow = gate();
    const { log, input, request } = recordedServer({
      async *answer(m: Message) {
        if (m.id === 1) await slow.opened;
        else process.nextTick(() => log.push('tick'));
        yield final(m.id);
      },
    });
    input.write(request(1));
    await new Promise((resolve) => setImmediate(resolve));
    input.write(request(2));
    await until(() => log.length === 2);
    expect(log).toEqual(['tick', 'write 1']);
    slow.open();
    await until(() => log.length === 3);
    expect(log[2]).toBe('write 1');
  });
});
