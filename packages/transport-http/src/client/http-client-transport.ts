import type {
  ClientTransport,
  Exchange,
  ExchangeMessage,
  ExchangeOptions,
  JSONRPCNotification,
  JSONRPCRequest,
  NetworkPeer,
} from '@mcpkit/protocol';
import { LazyAbort, McpError, requestHeaders, SETTLED_DONE, TransportError } from '@mcpkit/protocol/internal';
import type { AuthorizedSend } from './auth-retry.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type ResponseLimits } from './bounded-body.js';
import { causeMessage } from './cause-message.js';
import { type InFlight, InFlightList } from './in-flight.js';
import type { LegacyWireFactory } from './legacy-wire-contract.js';
import { isEventStreamReply, readExchange, readJsonMessage } from './read-exchange.js';
import { loadRecovery, recoveryKit } from './recovery-loader.js';
import { isRedirect, isUnauthorized } from './reply-status.js';
import { headerMerger } from './request-headers.js';
import type { HttpReply, HttpRequestSpec, HttpSender, RequestCancel } from './sender.js';
import type { HttpClientTransportOptions } from './transport-options.js';

function limitOption(value: number | undefined, name: string): number {
  if (value === undefined) return DEFAULT_MAX_MESSAGE_BYTES;
  if (!(value > 0)) throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

/** One exchange in progress, shared by its iterator and the transport that runs it. */
interface ExchangeState extends InFlight {
  readonly message: JSONRPCRequest;
  readonly mirror: Record<string, string>;
  readonly callerSignal: AbortSignal | undefined;
  /** Cancels the POST and the reading of its answer. */
  readonly cancel: LazyAbort;
  /** Whether the final message was read: nothing is left to cancel. */
  answered: boolean;
  /** The caller's abort listener, while the exchange runs. */
  forward: (() => void) | undefined;
  /** The rest of an SSE answer, once its stream is being read. */
  stream: AsyncGenerator<ExchangeMessage> | undefined;
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
 * The iterator of one exchange: the first `next()` sends the POST and resolves with a JSON
 * answer, or with the first message of an SSE answer, whose stream yields the rest. `return()`
 * cancels the request at once, wherever the exchange is waiting.
 */
class ExchangeIterator implements AsyncIterator<ExchangeMessage> {
  readonly #state: ExchangeState;
  readonly #begin: (state: ExchangeState) => Promise<IteratorResult<ExchangeMessage>>;
  #begun = false;

  constructor(
    state: ExchangeState,
    begin: (state: ExchangeState) => Promise<IteratorResult<ExchangeMessage>>,
  ) {
    this.#state = state;
    this.#begin = begin;
  }

  next(): Promise<IteratorResult<ExchangeMessage>> {
    const stream = this.#state.stream;
    if (stream !== undefined) return stream.next();
    if (this.#begun) return SETTLED_DONE;
    this.#begun = true;
    return this.#begin(this.#state);
  }

  return(): Promise<IteratorResult<ExchangeMessage>> {
    const state = this.#state;
    this.#begun = true;
    if (!state.answered) state.cancel.abort();
    return state.stream === undefined ? SETTLED_DONE : state.stream.return(undefined);
  }
}

/**
 * `createHttpClientTransport` sending through `sender`; with `legacyWire` it also speaks the
 * 2025-era wire (see `LegacyWire`), without it 2026-07-28 only.
 */
export function openHttpClientTransport(
  url: string | URL,
  options: HttpClientTransportOptions,
  sender: HttpSender,
  legacyWire: LegacyWireFactory | undefined,
): ClientTransport {
  const endpoint = String(url);
  /** Each exchange and notification in flight, cancelled on `close`. */
  const inFlight = new InFlightList();
  const limits: ResponseLimits = {
    maxResponseBytes: limitOption(options.maxResponseBytes, 'maxResponseBytes'),
    maxEventBytes: limitOption(options.maxEventBytes, 'maxEventBytes'),
  };
  const redirectPolicy = options.redirect ?? 'same-origin';
  const lifetime = new AbortController();
  let closed = false;
  const mergeHeaders = headerMerger(options, endpoint);
  /** The redirect `response` to `request` followed or refused, per the transport's policy. */
  async function follow(target: string, request: HttpRequestSpec, response: HttpReply): Promise<HttpReply> {
    return (await loadRecovery()).followRedirects(
      recoveryKit(),
      sender,
      target,
      request,
      redirectPolicy,
      response,
    );
  }
  /** `request` sent to `target`, its redirects followed. */
  async function sendFollowingRedirects(target: string, request: HttpRequestSpec): Promise<HttpReply> {
    const response = await sender.send(target, request);
    return isRedirect(response) ? follow(target, request, response) : response;
  }
  /** After a 401 or 403: `send` again while the auth provider has fresh credentials. */
  async function retryUnauthorized(
    refused: HttpReply,
    method: string,
    target: string,
    send: () => Promise<HttpReply>,
  ): Promise<HttpReply> {
    const recovered = await loadRecovery();
    return recovered.retryUnauthorized(
      recoveryKit(),
      options.authProvider,
      refused,
      { method, url: target },
      send,
    );
  }
  const authorizedSend: AuthorizedSend = async (target, extra, request) => {
    const send = async () => {
      const headers = await mergeHeaders(extra, false, request.method, target);
      return sendFollowingRedirects(target, { ...request, headers });
    };
    const response = await send();
    if (!isUnauthorized(response)) return response;
    return retryUnauthorized(response, request.method, target, send);
  };
  const legacy = legacyWire?.({
    send: authorizedSend,
    endpoint,
    lifetime: lifetime.signal,
    maxEventBytes: limits.maxEventBytes,
    closed: () => closed,
  });

  function buildHeaders(mirror: Record<string, string>) {
    legacy?.session?.addHeaders(mirror);
    return mergeHeaders(mirror, true, 'POST');
  }

  async function post(
    message: JSONRPCRequest | JSONRPCNotification,
    mirror: Record<string, string>,
    cancel: RequestCancel,
  ): Promise<HttpReply> {
    const body = JSON.stringify(message);
    const initialize = message.method === 'initialize';
    // The 2025-era wire's code loads when the client first sends `initialize` (see `LegacyWire`).
    const session =
      legacy !== undefined && (initialize || legacy.loading !== undefined)
        ? await legacy.load()
        : legacy?.session;
    const opening = session?.streamOpening;
    if (opening !== undefined && !initialize) await opening;
    if (initialize) session?.initializing();
    const sentSessionId = session?.sessionId;
    const prepared = postRequest(mirror, body, cancel);
    const request = prepared instanceof Promise ? await prepared : prepared;
    let response = await sender.send(endpoint, request);
    if (isRedirect(response)) response = await follow(endpoint, request, response);
    if (isUnauthorized(response)) {
      response = await retryUnauthorized(response, 'POST', endpoint, () => sendPost(mirror, body, cancel));
    }
    if (initialize && response.ok) session?.initialized(response);
    const expired = session?.expired(response, sentSessionId);
    if (expired) throw expired;
    return response;
  }

  /**
   * The POST of `body`, its headers merged anew for each send (an auth provider's proof is per
   * request); a promise only when the headers come from a function or provider.
   */
  function postRequest(
    mirror: Record<string, string>,
    body: string,
    cancel: RequestCancel,
  ): HttpRequestSpec | Promise<HttpRequestSpec> {
    const merged = buildHeaders(mirror);
    if (merged instanceof Promise)
      return merged.then((headers) => ({ method: 'POST', headers, body, signal: cancel }));
    return { method: 'POST', headers: merged, body, signal: cancel };
  }

  /** `post`'s request sent again, after an auth provider's fresh credentials. */
  async function sendPost(mirror: Record<string, string>, body: string, cancel: RequestCancel) {
    const prepared = postRequest(mirror, body, cancel);
    const request = prepared instanceof Promise ? await prepared : prepared;
    return sendFollowingRedirects(endpoint, request);
  }

  /** Why an exchange failed, as the caller should see it. */
  function failure(error: unknown, callerSignal: AbortSignal | undefined): unknown {
    if (callerSignal?.aborted) return callerSignal.reason;
    if (closed) return new TransportError('closed', 'The HTTP transport was closed');
    if (error instanceof TransportError || error instanceof McpError) return error;
    // C-55: lost before the response; the cause names what happened, e.g. `connect ECONNREFUSED`.
    return new TransportError('connection-lost', `${causeMessage(error)} (${endpoint})`, { cause: error });
  }

  /** What an exchange does with a request the server sends on its answer (2025-era servers, B-13). */
  function onRequestOf(message: JSONRPCRequest) {
    return legacy ? (serverRequest: JSONRPCRequest) => legacy.answer(serverRequest, message) : undefined;
  }

  /**
   * Sends the exchange's POST and resolves with its JSON answer, or hands an SSE answer to
   * `stream` and resolves with its first message.
   */
  async function begin(exchange: ExchangeState): Promise<IteratorResult<ExchangeMessage>> {
    const { message, callerSignal, cancel } = exchange;
    if (closed) throw new TransportError('closed', 'The HTTP transport was closed');
    callerSignal?.throwIfAborted();
    inFlight.add(exchange);
    if (callerSignal) {
      exchange.forward = () => cancel.abort(callerSignal.reason);
      callerSignal.addEventListener('abort', exchange.forward, { once: true });
    }
    let streaming = false;
    try {
      const response = await post(message, exchange.mirror, cancel);
      if (isEventStreamReply(response)) {
        streaming = true;
        exchange.stream = stream(exchange, response);
        return exchange.stream.next();
      }
      const answer = await readJsonMessage(response, limits, onRequestOf(message));
      exchange.answered = true;
      return { done: false, value: answer };
    } catch (error) {
      throw failure(error, callerSignal);
    } finally {
      if (!streaming) end(exchange);
    }
  }

  /** The messages of an SSE answer; a 2025-era session's stream that breaks is resumed (B-11). */
  async function* stream(exchange: ExchangeState, response: HttpReply): AsyncGenerator<ExchangeMessage> {
    const { message: request, cancel } = exchange;
    const onRequest = onRequestOf(request);
    const session = legacy?.session;
    const items = session?.active
      ? session.readResuming(response, request, limits, onRequest, cancel.signal)
      : readExchange(response, limits, onRequest);
    try {
      for await (const item of items) {
        if (!('method' in item)) exchange.answered = true;
        yield item;
      }
    } catch (error) {
      throw failure(error, exchange.callerSignal);
    } finally {
      end(exchange);
    }
  }

  /** The exchange is over: it stops counting as in flight, and its request is cancelled unless answered. */
  function end(exchange: ExchangeState): void {
    inFlight.delete(exchange);
    if (exchange.forward) exchange.callerSignal!.removeEventListener('abort', exchange.forward);
    exchange.forward = undefined;
    // Releases the connection when the caller stopped before the response. After it there is
    // nothing to release, and an abort would only cost a DOMException and the sender's clean-up.
    if (!exchange.answered) exchange.cancel.abort();
  }

  /**
   * One exchange. Its cancellation is a `LazyAbort`: the Node sender listens to it without an
   * `AbortSignal`, so an exchange that ends normally creates none.
   */
  function open(request: JSONRPCRequest, exchangeOptions: ExchangeOptions): AsyncIterator<ExchangeMessage> {
    const state: ExchangeState = {
      message: request,
      mirror: requestHeaders(request, exchangeOptions.paramHeaders),
      callerSignal: exchangeOptions.signal,
      cancel: new LazyAbort(),
      answered: false,
      forward: undefined,
      stream: undefined,
      inFlightSlot: -1,
    };
    return new ExchangeIterator(state, begin);
  }

  const transport: ClientTransport = {
    peer: endpoint,
    network: serverAddress(endpoint),
    ...(legacy && { legacy: legacy.wire }),

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
      const entry: InFlight = { cancel: controller, inFlightSlot: -1 };
      inFlight.add(entry);
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
        inFlight.delete(entry);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      inFlight.abortAll(new TransportError('closed', 'The HTTP transport was closed'));
      lifetime.abort(new TransportError('closed', 'The HTTP transport was closed'));
      await legacy?.close();
      sender.close();
    },
  };
  return transport;
}

/** The server's host and port (80 or 443 when the URL names none), as client middleware sees it. */
function serverAddress(endpoint: string): NetworkPeer {
  const url = new URL(endpoint);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { transport: 'tcp', address: host, port };
}
