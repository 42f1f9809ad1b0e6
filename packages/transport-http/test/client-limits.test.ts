import { type ExchangeMessage, type JSONRPCRequest, TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createHttpClientTransport, type HttpClientTransportOptions } from '../src/index.js';
import { request } from './helpers/endpoints.js';
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

describe('HTTP client size limits', () => {
  it('an endless SSE data line fails the exchange with too-large under the default limit and cancels the body', async () => {
    const { stream, state } = endlessBody('data: {"jsonrpc":"2.0","method":"x","params":{"a":"', 'a');
    const transport = createHttpClientTransport(URL_BASE, { fetch: answering(stream, SSE) });
    const error = await failure(transport.exchange(call, {}));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).reason).toBe('too-large');
    expect((error as TransportError).retryable).toBe(false);
    expect(state.cancelled).toBe(true);
    // 64 MiB in 64 KiB chunks: it stopped at the limit, not long after.
    expect(state.sent).toBeLessThan(1100);
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
    expect(state.cancelled).toBe(true);
  });

  it('an endless comment line fails with too-large too', async () => {
    const { stream, state } = endlessBody(': ', 'z');
    const transport = createHttpClientTransport(URL_BASE, {
      fetch: answering(stream, SSE),
      maxEventBytes: 100_000,
    });
    expect(((await failure(transport.exchange(call, {}))) as TransportError).reason).toBe('too-large');
    expect(state.cancelled).toBe(true);
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
    expect(state.cancelled).toBe(true);
    expect(state.sent).toBeLessThan(1100);
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
    const { stream, state } = endlessBody('{', ' ');
    const transport = createHttpClientTransport(URL_BASE, {
      fetch: answering(stream, { ...JSON_TYPE, 'content-length': String(10 ** 12) }),
      maxResponseBytes: 1000,
    });
    expect(((await failure(transport.exchange(call, {}))) as TransportError).reason).toBe('too-large');
    expect(state.sent).toBeLessThanOrEqual(1);
    expect(state.cancelled).toBe(true);
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
    expect(state.cancelled).toBe(true);
  });

  it('limits that are not positive numbers are a RangeError', () => {
    expect(() => createHttpClientTransport(URL_BASE, { maxResponseBytes: 0 })).toThrow(RangeError);
    expect(() => createHttpClientTransport(URL_BASE, { maxEventBytes: Number.NaN })).toThrow(RangeError);
  });
});
