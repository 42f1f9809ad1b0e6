import { type ExchangeMessage, type JSONRPCRequest, TransportError } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClientTransportOptions } from '../src/index.js';
import { request } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';
import { URL_BASE } from './helpers/http.js';

type Fetch = NonNullable<HttpClientTransportOptions['fetch']>;

const call = request(1, 'tools/call', { name: 'echo', arguments: {} }) as JSONRPCRequest;
const CHUNK = 64 * 1024;

/** A body that sends `first`, then `filler` forever; records whether the client cancelled it. */
function endlessBody(first: string, filler: string) {
  const encoder = new TextEncoder();
  const head = encoder.encode(first);
  const piece = encoder.encode(filler.repeat(Math.ceil(CHUNK / filler.length)));
  const state = { cancelled: false, sent: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(state.sent === 0 ? head : piece);
      state.sent++;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A body that sends `first` and then nothing, until the client cancels it. */
function stalledBody(first: string) {
  const state = { cancelled: false, sent: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.sent > 0) return new Promise(() => {});
      state.sent++;
      controller.enqueue(new TextEncoder().encode(first));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** The body was cancelled: at once through fetch, as soon as the closed connection is seen over a socket. */
async function cancelled(state: { cancelled: boolean }): Promise<void> {
  await vi.waitFor(() => expect(state.cancelled).toBe(true));
}

function answering(body: ReadableStream<Uint8Array> | string, headers: Record<string, string>): Fetch {
  return async () => new Response(body, { status: 200, headers });
}

async function failure(exchange: AsyncIterable<ExchangeMessage>): Promise<unknown> {
  try {
    for await (const _ of exchange) {
      // Notifications before the failure are not what these tests look at.
    }
  } catch (error) {
    return error;
  }
  throw new Error('expected the exchange to fail');
}

const SSE = { 'content-type': 'text/event-stream' };
const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);
  // 64 MiB in 64 KiB chunks, plus what the loopback socket's buffers take in before the client
  // stops reading (a few MiB) when the body crosses a real connection.
  const chunksPastLimit = engine === 'fetch' ? 1100 : 1300;

  describe('HTTP client size limits', () => {
    it('an endless SSE data line fails the exchange with too-large under the default limit and cancels the body', async () => {
      const { stream, state } = endlessBody('data: {"jsonrpc":"2.0","method":"x","params":{"a":"', 'a');
      const transport = createHttpClientTransport(URL_BASE, { fetch: answering(stream, SSE) });
      const error = await failure(transport.exchange(call, {}));
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).reason).toBe('too-large');
      expect((error as TransportError).retryable).toBe(false);
      await cancelled(state);
      // It stopped at the limit, not long after.
      expect(state.sent).toBeLessThan(chunksPastLimit);
    });

    it('endless data lines without a blank line fail with too-large', async () => {
      const { stream, state } = endlessBody('', 'data: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n');
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: answering(stream, SSE),
        maxEventBytes: 1024 * 1024,
      });
      const error = (await failure(transport.exchange(call, {}))) as TransportError;
      expect(error.reason).toBe('too-large');
      expect(error.message).toContain('SSE event');
      await cancelled(state);
    });

    it('an endless comment line fails with too-large too', async () => {
      const { stream, state } = endlessBody(': ', 'z');
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: answering(stream, SSE),
        maxEventBytes: 100_000,
      });
      expect(((await failure(transport.exchange(call, {}))) as TransportError).reason).toBe('too-large');
      await cancelled(state);
    });

    it('many small SSE events are never limited, only each one', async () => {
      const note = 'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n';
      const last = 'data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n';
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: answering(note.repeat(2000) + last, SSE),
        maxEventBytes: 200,
      });
      let count = 0;
      for await (const _ of transport.exchange(call, {})) count++;
      expect(count).toBe(2001);
    });

    it('an endless JSON body fails with too-large under the default limit and cancels the body', async () => {
      const { stream, state } = endlessBody('{"jsonrpc":"2.0","id":1,"result":{"a":"', 'a');
      const transport = createHttpClientTransport(URL_BASE, { fetch: answering(stream, JSON_TYPE) });
      const error = (await failure(transport.exchange(call, {}))) as TransportError;
      expect(error.reason).toBe('too-large');
      expect(error.status).toBe(200);
      await cancelled(state);
      expect(state.sent).toBeLessThan(chunksPastLimit);
    });

    it('a JSON body past maxResponseBytes fails, one within it is read', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(1000) } });
      const small = createHttpClientTransport(URL_BASE, {
        fetch: answering(body, JSON_TYPE),
        maxResponseBytes: 1000,
      });
      expect(((await failure(small.exchange(call, {}))) as TransportError).reason).toBe('too-large');
      const enough = createHttpClientTransport(URL_BASE, {
        fetch: answering(body, JSON_TYPE),
        maxResponseBytes: body.length,
      });
      for await (const item of enough.exchange(call, {})) expect(item).toEqual(JSON.parse(body));
    });

    it('a declared Content-Length past the limit fails before the body is read', async () => {
      // Reading would wait forever after the first byte: only the declared length can fail it.
      const { stream, state } = stalledBody('{');
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: answering(stream, { ...JSON_TYPE, 'content-length': String(10 ** 12) }),
        maxResponseBytes: 1000,
      });
      expect(((await failure(transport.exchange(call, {}))) as TransportError).reason).toBe('too-large');
      expect(state.sent).toBeLessThanOrEqual(1);
      await cancelled(state);
    });

    it('an error body of a failed status is bounded too', async () => {
      const { stream, state } = endlessBody('<html>', 'x');
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: async () => new Response(stream, { status: 500 }),
        maxResponseBytes: 10_000,
      });
      const error = (await failure(transport.exchange(call, {}))) as TransportError;
      expect(error.reason).toBe('too-large');
      expect(error.status).toBe(500);
      await cancelled(state);
    });

    it('limits that are not positive numbers are a RangeError', () => {
      expect(() => createHttpClientTransport(URL_BASE, { maxResponseBytes: 0 })).toThrow(RangeError);
      expect(() => createHttpClientTransport(URL_BASE, { maxEventBytes: Number.NaN })).toThrow(RangeError);
    });
  });
});
