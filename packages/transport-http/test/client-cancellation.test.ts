import { type ExchangeMessage, TransportError } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { call, collect, type Fetch, inProcess, rejection, respondWith } from './helpers/client.js';
import { aborted, echo, gate, progress, scripted } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';
import { URL_BASE } from './helpers/http.js';

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  describe('broken streams and cancellation', () => {
    it('C-55, H-16: a stream that ends before the response is a retryable connection-lost', async () => {
      const fetch = respondWith(
        () =>
          new Response(`data: ${JSON.stringify(progress('p', 1))}\n\n`, {
            headers: { 'content-type': 'text/event-stream' },
          }),
      );
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      const seen: ExchangeMessage[] = [];
      const error = await rejection(
        (async () => {
          for await (const item of transport.exchange(call, {})) seen.push(item);
        })(),
      );
      expect(seen).toEqual([progress('p', 1)]);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).reason).toBe('connection-lost');
      expect((error as TransportError).retryable).toBe(true);
    });

    it('C-55: a stream that errors mid-way and a fetch that fails are connection-lost', async () => {
      const erroring = respondWith(() => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(progress('p', 1))}\n\n`));
            controller.error(new TypeError('socket hang up'));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      });
      const failing: Fetch = async () => {
        throw new TypeError('fetch failed');
      };
      for (const fetch of [erroring, failing]) {
        const error = await rejection(
          collect(createHttpClientTransport(URL_BASE, { fetch }).exchange(call, {})),
        );
        expect((error as TransportError).reason).toBe('connection-lost');
        // fetch fails with a TypeError; node:http with the socket's error (ECONNRESET).
        expect((error as TransportError).cause).toBeInstanceOf(engine === 'fetch' ? TypeError : Error);
      }
    });

    it('C-51, H-34: aborting closes the stream, the server sees its signal abort, the caller gets the reason', async () => {
      const endpoint = scripted(async function* (_message, context) {
        yield progress('p', 1);
        await aborted(context.signal);
      });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(endpoint)).fetch,
      });
      const controller = new AbortController();
      const reason = new Error('user cancelled');
      const error = await rejection(
        (async () => {
          for await (const _ of transport.exchange(call, { signal: controller.signal }))
            controller.abort(reason);
        })(),
      );
      expect(error).toBe(reason);
      await aborted(endpoint.seen[0]!.context.signal);
    });

    it('C-51: breaking out of the loop closes the stream too', async () => {
      const endpoint = scripted(async function* (_message, context) {
        yield progress('p', 1);
        await aborted(context.signal);
      });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(endpoint)).fetch,
      });
      for await (const _ of transport.exchange(call, {})) break;
      await aborted(endpoint.seen[0]!.context.signal);
    });

    it('C-51: leaving while the POST still waits for its response headers aborts it at once', async () => {
      let signal: AbortSignal | undefined;
      const fetch: Fetch = (_input, init) => {
        signal = init!.signal!;
        return new Promise((_resolve, reject) =>
          signal!.addEventListener('abort', () => reject(signal!.reason)),
        );
      };
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      const iterator = transport.exchange(call, {})[Symbol.asyncIterator]();
      const pending = iterator.next().catch((e: unknown) => e);
      if (engine === 'fetch') for (let i = 0; i < 20 && signal === undefined; i++) await Promise.resolve();
      else await vi.waitFor(() => expect(signal).toBeDefined());
      expect(signal?.aborted).toBe(false);
      await iterator.return!();
      // Over a socket the server sees the abort when the closed connection reaches it.
      if (engine === 'fetch') expect(signal!.aborted).toBe(true);
      else await vi.waitFor(() => expect(signal!.aborted).toBe(true));
      await pending;
    });

    it('an exchange that got its response leaves the request alone (the connection stays reusable)', async () => {
      const signals: AbortSignal[] = [];
      const handler = createFetchHandler(echo);
      const fetch: Fetch = async (input, init) => {
        signals.push(init!.signal!);
        return handler(new Request(input, init));
      };
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      for await (const message of transport.exchange(call, {})) expect('result' in message).toBe(true);
      const iterator = transport.exchange(call, {})[Symbol.asyncIterator]();
      expect((await iterator.next()).done).toBe(false);
      await iterator.return!();
      expect(signals.map((signal) => signal.aborted)).toEqual([false, false]);
    });

    it('an already aborted signal fails at once without a request', async () => {
      const { fetch, requests } = inProcess(createFetchHandler(echo));
      const controller = new AbortController();
      controller.abort(new Error('too late'));
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      expect(
        ((await rejection(collect(transport.exchange(call, { signal: controller.signal })))) as Error)
          .message,
      ).toBe('too late');
      expect(requests).toHaveLength(0);
    });

    it('close() fails exchanges in flight with TransportError("closed") and refuses new ones', async () => {
      const started = gate();
      const endpoint = scripted(async function* (_message, context) {
        yield progress('p', 1);
        started.open();
        await aborted(context.signal);
      });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(endpoint)).fetch,
      });
      const pending = rejection(collect(transport.exchange(call, {})));
      await started.promise;
      await transport.close();
      const error = (await pending) as TransportError;
      expect(error.reason).toBe('closed');
      expect(error.retryable).toBe(false);
      const after = (await rejection(collect(transport.exchange(call, {})))) as TransportError;
      expect(after.reason).toBe('closed');
      await expect(transport.notify!({ jsonrpc: '2.0', method: 'notifications/x' })).rejects.toMatchObject({
        reason: 'closed',
      });
    });
  });
});
