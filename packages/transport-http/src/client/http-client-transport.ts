import {
  type ClientTransport,
  type Exchange,
  type ExchangeMessage,
  type ExchangeOptions,
  type JSONRPCNotification,
  type JSONRPCRequest,
  McpError,
  requestHeaders,
  TransportError,
} from '@mcpkit/protocol';
import { LazyAbort } from '@mcpkit/protocol/internal';
import { type AuthorizedSend, isUnauthorized, retryUnauthorized } from './auth-retry.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type ResponseLimits } from './bounded-body.js';
import type { LegacyWireFactory } from './legacy-wire.js';
import { isEventStreamReply, readExchange, readJsonMessage, type StreamPosition } from './read-exchange.js';
import { followRedirects, isRedirect, sendFollowingRedirects } from './redirects.js';
import { headerMerger } from './request-headers.js';
import type { HttpReply, HttpRequestSpec, HttpSender, RequestCancel } from './sender.js';
import type { HttpClientTransportOptions } from './transport-options.js';

function limitOption(value: number | undefined, name: string): number {
  if (value === undefined) return DEFAULT_MAX_MESSAGE_BYTES;
  if (!(value > 0)) throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

/** Whether an exchange has read its final message: nothing is left to cancel. */
interface ExchangeState {
  answered: boolean;
}

/** Opens the iterator of one exchange (see `openHttpClientTransport`'s `open`). */
type OpenExchange = (request: JSONRPCRequest, options: ExchangeOptions) => AsyncIterator<ExchangeMessage>;

/** One exchange as the caller gets it: an iterable that sends its request when iterated. */
class PostExchange implements Exchange {
  readonly #open: OpenExchange;
  readonly #request: JSONRPCRequest;
  readonly #options: ExchangeOptions;

  constructor(open: OpenExchange, request: JSONRPCRequest, options: ExchangeOptions) {
    this.#open = open;
    this.#request = request;
    this.#options = options;
  }

  [Symbol.asyncIterator](): AsyncIterator<ExchangeMessage> {
    return this.#open(this.#request, this.#options);
  }
}

/**
 * The iterator of one exchange: `return()` cancels the request at once, wherever the generator is
 * waiting (a generator's own `return` would wait for it to reach a `yield`).
 */
class ExchangeIterator implements AsyncIterator<ExchangeMessage> {
  readonly #generator: AsyncGenerator<ExchangeMessage>;
  readonly #cancel: LazyAbort;
  readonly #state: ExchangeState;

  constructor(generator: AsyncGenerator<ExchangeMessage>, cancel: LazyAbort, state: ExchangeState) {
    this.#generator = generator;
    this.#cancel = cancel;
    this.#state = state;
  }

  next(): Promise<IteratorResult<ExchangeMessage>> {
    return this.#generator.next();
  }

  return(): Promise<IteratorResult<ExchangeMessage>> {
    if (!this.#state.answered) this.#cancel.abort();
    return this.#generator.return(undefined);
  }
}

/**
 * `createHttpClientTransport` sending through `sender`; with `legacyWire` it also speaks the
 * 2025-era wire (see `HttpLegacyWire`), without it 2026-07-28 only.
 */
export function openHttpClientTransport(
  url: string | URL,
  options: HttpClientTransportOptions,
  sender: HttpSender,
  legacyWire: LegacyWireFactory | undefined,
): ClientTransport {
  const endpoint = String(url);
  /** What cancels each exchange and notification in flight, aborted on `close`. */
  const inFlight = new Set<{ abort(reason?: unknown): void }>();
  const limits: ResponseLimits = {
    maxResponseBytes: limitOption(options.maxResponseBytes, 'maxResponseBytes'),
    maxEventBytes: limitOption(options.maxEventBytes, 'maxEventBytes'),
  };
  const redirectPolicy = options.redirect ?? 'same-origin';
  const lifetime = new AbortController();
  let closed = false;
  const mergeHeaders = headerMerger(options, endpoint);
  const authorizedSend: AuthorizedSend = async (target, extra, request) => {
    const send = async () => {
      const headers = await mergeHeaders(extra, false, request.method, target);
      return sendFollowingRedirects(sender, target, { ...request, headers }, redirectPolicy);
    };
    const response = await send();
    if (!isUnauthorized(response)) return response;
    return retryUnauthorized(options.authProvider, response, { method: request.method, url: target }, send);
  };
  const legacy = legacyWire?.({
    send: authorizedSend,
    endpoint,
    lifetime: lifetime.signal,
    maxEventBytes: limits.maxEventBytes,
    closed: () => closed,
  });
  const session = legacy?.session;

  function buildHeaders(mirror: Record<string, string>) {
    session?.addHeaders(mirror);
    return mergeHeaders(mirror, true, 'POST');
  }

  async function post(
    message: JSONRPCRequest | JSONRPCNotification,
    mirror: Record<string, string>,
    cancel: RequestCancel,
  ): Promise<HttpReply> {
    const body = JSON.stringify(message);
    const initialize = message.method === 'initialize';
    if (initialize) session?.initializing();
    const sentSessionId = session?.sessionId;
    let response = await sendPost(mirror, body, cancel);
    if (isUnauthorized(response)) {
      response = await retryUnauthorized(
        options.authProvider,
        response,
        { method: 'POST', url: endpoint },
        () => sendPost(mirror, body, cancel),
      );
    }
    if (initialize && response.ok) session?.initialized(response);
    const expired = session?.expired(response, sentSessionId);
    if (expired) throw expired;
    return response;
  }

  /** One POST of `body`, its headers merged anew (an auth provider's proof is per request). */
  async function sendPost(mirror: Record<string, string>, body: string, cancel: RequestCancel) {
    const merged = buildHeaders(mirror);
    const headers = merged instanceof Promise ? await merged : merged;
    const request: HttpRequestSpec = { method: 'POST', headers, body, signal: cancel };
    const response = await sender.send(endpoint, request);
    return isRedirect(response)
      ? followRedirects(sender, endpoint, request, redirectPolicy, response)
      : response;
  }

  /** Why an exchange failed, as the caller should see it. */
  function failure(error: unknown, callerSignal: AbortSignal | undefined): unknown {
    if (callerSignal?.aborted) return callerSignal.reason;
    if (closed) return new TransportError('closed', 'The HTTP transport was closed');
    if (error instanceof TransportError || error instanceof McpError) return error;
    return new TransportError('connection-lost', 'The HTTP request failed before the response (C-55)', {
      cause: error,
    });
  }

  async function* run(
    message: JSONRPCRequest | JSONRPCNotification,
    mirror: Record<string, string>,
    callerSignal: AbortSignal | undefined,
    cancel: LazyAbort,
    state: ExchangeState,
  ): AsyncGenerator<ExchangeMessage> {
    if (closed) throw new TransportError('closed', 'The HTTP transport was closed');
    callerSignal?.throwIfAborted();
    inFlight.add(cancel);
    const forward = callerSignal && (() => cancel.abort(callerSignal.reason));
    if (forward) callerSignal.addEventListener('abort', forward, { once: true });
    const request = 'id' in message ? message : undefined;
    const onRequest = session
      ? (serverRequest: JSONRPCRequest) => session.answer(serverRequest, request)
      : undefined;
    const position: StreamPosition | undefined = session?.active
      ? { lastEventId: '', retryMs: undefined }
      : undefined;
    try {
      const response = await post(message, mirror, cancel);
      if (!isEventStreamReply(response)) {
        const answer = await readJsonMessage(response, limits, onRequest);
        state.answered = true;
        yield answer;
        return;
      }
      try {
        for await (const item of readExchange(response, limits, onRequest, position)) {
          if (!('method' in item)) state.answered = true;
          yield item;
        }
      } catch (error) {
        const resumable =
          error instanceof TransportError && error.reason === 'connection-lost' && request !== undefined;
        if (!resumable || position === undefined || position.lastEventId === '') throw error;
        for await (const item of session!.resume(request, position, cancel.signal)) {
          if (!('method' in item)) state.answered = true;
          yield item;
        }
      }
    } catch (error) {
      throw failure(error, callerSignal);
    } finally {
      inFlight.delete(cancel);
      if (forward) callerSignal.removeEventListener('abort', forward);
      // Releases the connection when the caller stopped before the response. After it there is
      // nothing to release, and an abort would only cost a DOMException and the sender's clean-up.
      if (!state.answered) cancel.abort();
    }
  }

  /**
   * One exchange. Its cancellation is a `LazyAbort`: the Node sender listens to it without an
   * `AbortSignal`, so an exchange that ends normally creates none.
   */
  function open(request: JSONRPCRequest, exchangeOptions: ExchangeOptions): AsyncIterator<ExchangeMessage> {
    const mirror = requestHeaders(request, exchangeOptions.paramHeaders);
    const cancel = new LazyAbort();
    const state: ExchangeState = { answered: false };
    const generator = run(request, mirror, exchangeOptions.signal, cancel, state);
    return new ExchangeIterator(generator, cancel, state);
  }

  const transport: ClientTransport = {
    peer: endpoint,

    exchange(request: JSONRPCRequest, exchangeOptions: ExchangeOptions): Exchange {
      const sse = legacy?.sse;
      if (sse) return sse.exchange(request, exchangeOptions);
      return new PostExchange(open, request, exchangeOptions);
    },

    async notify(notification: JSONRPCNotification): Promise<void> {
      if (closed) throw new TransportError('closed', 'The HTTP transport was closed');
      const sse = legacy?.sse;
      if (sse) return sse.notify(notification);
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        const response = await post(notification, requestHeaders(notification), controller.signal);
        if (response.status === 202 || response.status === 200 || response.status === 204) {
          await response.body?.cancel();
          return;
        }
        for await (const message of readExchange(response, limits)) {
          if ('error' in message) throw McpError.fromResponse(message);
        }
        throw new TransportError('bad-response', `HTTP ${response.status}`, { status: response.status });
      } catch (error) {
        throw failure(error, undefined);
      } finally {
        inFlight.delete(controller);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const controller of inFlight)
        controller.abort(new TransportError('closed', 'The HTTP transport was closed'));
      inFlight.clear();
      lifetime.abort(new TransportError('closed', 'The HTTP transport was closed'));
      await legacy?.close();
      sender.close();
    },
  };
  legacy?.extend(transport);
  return transport;
}
