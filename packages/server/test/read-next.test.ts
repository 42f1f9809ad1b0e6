import { createInMemoryTransport, type ExchangeMessage } from '@mcpkit/protocol';
import { type ExchangeReader, type ReadableExchange, ServerMux } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { meta, request } from './helpers.js';

/** Reads `iterator` as the client's call does: each next read asked for from `step`. */
function readAll(iterator: ReadableExchange, then: () => void) {
  const seen: ExchangeMessage[] = [];
  const reader: ExchangeReader = {
    step(result) {
      if (result.done) return then();
      seen.push(result.value);
      if ('method' in result.value) iterator.readNext!(reader);
      else then();
    },
    fail: then,
  };
  iterator.readNext!(reader);
  return seen;
}

describe('McpServer read through readNext (in-memory transport)', () => {
  it('a synchronous tool that reports progress thousands of times reads in order without growing the stack', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const count = 20_000;
    server.tool('burst', {}, (_, ctx) => {
      for (let n = 1; n <= count; n++) ctx.progress(n);
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const exchange = createInMemoryTransport(server, { jsonRoundTrip: false }).exchange(
      request('tools/call', { name: 'burst', _meta: meta({ progressToken: 'p' }) }),
      {},
    );
    let finished = false;
    const seen = readAll(exchange[Symbol.asyncIterator]() as ReadableExchange, () => {
      finished = true;
    });
    // A synchronous handler's items are all there when the first read is made.
    expect(finished).toBe(true);
    expect(seen).toHaveLength(count + 1);
    expect(
      seen
        .slice(0, count)
        .map((item) => (item as unknown as { params: { progress: number } }).params.progress),
    ).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(seen[count]).toMatchObject({ result: { content: [{ type: 'text', text: 'done' }] } });
  });

  it('an async handler’s response reaches the reader without a read promise in between', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.tool('later', {}, async (_, ctx) => {
      ctx.progress(1);
      await gate;
      return { content: [] };
    });
    const exchange = createInMemoryTransport(server, { jsonRoundTrip: false }).exchange(
      request('tools/call', { name: 'later', _meta: meta({ progressToken: 'p' }) }),
      {},
    );
    let finished = false;
    const seen = readAll(exchange[Symbol.asyncIterator]() as ReadableExchange, () => {
      finished = true;
    });
    expect(seen).toHaveLength(1);
    release();
    await gate;
    // The tool's own promise settles a tick after `gate`; its reaction hands the response over.
    for (let tick = 0; tick < 4 && !finished; tick++) await Promise.resolve();
    expect(finished).toBe(true);
    expect(seen[1]).toMatchObject({ result: { content: [] } });
  });

  it('through the server mux, a synchronous burst of progress is written in order before the response', () => {
    const server = new McpServer({ name: 's', version: '1' });
    const count = 20_000;
    server.tool('burst', {}, (_, ctx) => {
      for (let n = 1; n <= count; n++) ctx.progress(n);
      return { content: [] };
    });
    const written: Array<Record<string, unknown>> = [];
    const mux = new ServerMux(
      server,
      { transport: 'stdio' },
      {
        write: (item) => {
          written.push(item as Record<string, unknown>);
          return undefined;
        },
        idle: () => {},
      },
    );
    mux.receive(request('tools/call', { name: 'burst', _meta: meta({ progressToken: 'p' }) }, 7));
    expect(written).toHaveLength(count + 1);
    expect((written[count - 1]!.params as { progress: number }).progress).toBe(count);
    expect(written[count]).toMatchObject({ response: { id: 7, result: { content: [] } } });
    expect(mux.running).toBe(0);
  });
});
