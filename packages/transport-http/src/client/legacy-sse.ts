import type {
  CancelSender,
  Exchange,
  ExchangeOptions,
  JSONRPCNotification,
  JSONRPCRequest,
  ProgressToken,
  RequestId,
} from '@mcpkit/protocol';
import type { ServerRequestSlot, TransportError } from '@mcpkit/protocol/internal';
import type { AuthorizedSend } from './auth-retry.js';
import { kit } from './legacy-kit.js';
import type { HttpReply } from './sender.js';
import type { SseEvent } from './sse-parser.js';
import { PendingSseExchange, SseNotificationReaders } from './sse-pending.js';
import type { SseReader } from './sse-reader.js';

/** How the HTTP+SSE session reaches the server: the transport's sender, headers and limits. */
export interface SseWire {
  /** The transport's sender: its headers, redirect policy and auth retry (see `AuthorizedSend`). */
  send: AuthorizedSend;
  /** The URL the application gave: the SSE stream's. */
  url: string;
  /** The largest SSE event accepted, in characters. */
  maxEventBytes: number;
  /** The handler for the server's requests, when the application registered one. */
  requests: ServerRequestSlot;
  /** Aborts when the transport closes. */
  lifetime: AbortSignal;
}

function badResponse(status: number, detail: string): TransportError {
  return new kit.TransportError('bad-response', `HTTP ${status}: ${detail}`, { status });
}

/** The POST endpoint an `endpoint` event names: resolved against the stream's URL, same origin only. */
function endpointOf(data: string, base: string, url: string): string {
  let endpoint: URL;
  try {
    endpoint = new URL(data.trim(), base);
  } catch {
    throw badResponse(200, 'the endpoint event holds no URL');
  }
  if (endpoint.origin !== new URL(url).origin) {
    throw badResponse(200, `the endpoint event names another origin (${endpoint.origin}), which is not used`);
  }
  return endpoint.href;
}

/**
 * Opens the deprecated HTTP+SSE transport of 2024-11-05 (B-7): `GET`s the URL and waits for the
 * stream's first event, which must be `endpoint`, naming where messages are POSTed. Rejects with a
 * `TransportError` when the answer is no SSE stream, the first event is another one, the endpoint
 * is on another origin, or `signal` aborts first; the stream is closed then.
 */
export async function openSseSession(wire: SseWire, signal: AbortSignal): Promise<HttpSseSession> {
  const controller = new AbortController();
  const stopOpening = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stopOpening, { once: true });
  const streamSignal = AbortSignal.any([controller.signal, wire.lifetime]);
  let stream: SseReader | undefined;
  try {
    const accept = { accept: 'text/event-stream' };
    const response = await wire.send(wire.url, accept, { method: 'GET', signal: streamSignal });
    if (!response.ok || !kit.isEventStream(response.header('content-type')) || response.body === null) {
      void response.body?.cancel().catch(() => {});
      throw badResponse(response.status, `the GET of ${wire.url} opened no SSE stream`);
    }
    stream = new kit.SseReader(response.body, wire.maxEventBytes, response.status);
    for (;;) {
      const { events, done } = await stream.read();
      const [first, ...rest] = events;
      if (first !== undefined) {
        if (first.event !== 'endpoint')
          throw badResponse(200, `the first SSE event is "${first.event}", not "endpoint"`);
        const endpoint = endpointOf(first.data, response.url, wire.url);
        return new HttpSseSession(wire, endpoint, stream, controller, rest);
      }
      if (done) throw badResponse(200, 'the SSE stream ended before an endpoint event');
    }
  } catch (error) {
    controller.abort();
    stream?.cancel();
    if (signal.aborted)
      throw new kit.TransportError('bad-response', 'no endpoint event in time', { cause: error });
    if (error instanceof kit.TransportError) throw error;
    throw new kit.TransportError(
      'connection-lost',
      `the GET of the HTTP+SSE stream failed: ${kit.causeMessage(error)} (${wire.url})`,
      { cause: error },
    );
  } finally {
    signal.removeEventListener('abort', stopOpening);
  }
}

function progressTokenOf(request: JSONRPCRequest): ProgressToken | undefined {
  const meta = request.params?._meta;
  const token = kit.isRecord(meta) ? meta.progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/**
 * A session over the deprecated HTTP+SSE transport: every message is POSTed to the endpoint the
 * stream named, and everything the server sends comes on the stream: responses by id, progress
 * by token, its own requests (answered by the handler, B-13, and POSTed back), and notifications
 * for no request, for `serverMessages`. The stream ending ends the session.
 */
export class HttpSseSession {
  readonly endpoint: string;
  readonly #wire: SseWire;
  readonly #controller: AbortController;
  readonly #pending = new Map<RequestId, PendingSseExchange>();
  readonly #byToken = new Map<ProgressToken, PendingSseExchange>();
  readonly #serverRequests = new Map<RequestId, AbortController>();
  readonly #readers = new SseNotificationReaders();
  #ended: TransportError | undefined;

  constructor(
    wire: SseWire,
    endpoint: string,
    stream: SseReader,
    controller: AbortController,
    early: SseEvent[],
  ) {
    this.#wire = wire;
    this.endpoint = endpoint;
    this.#controller = controller;
    void this.#read(stream, early);
  }

  /** Sends `request` and yields its progress, then its response, as they come on the stream. */
  exchange(request: JSONRPCRequest, options: ExchangeOptions): Exchange {
    return { [Symbol.asyncIterator]: () => this.#start(request, options.signal, options.sendCancel) };
  }

  /** POSTs a notification to the endpoint. */
  async notify(notification: JSONRPCNotification): Promise<void> {
    if (this.#ended) throw this.#ended;
    await this.#post(notification, this.#wire.lifetime);
  }

  /** What the server sends for no request, until `signal` aborts or the stream ends. */
  serverMessages(signal: AbortSignal): AsyncIterable<JSONRPCNotification> {
    return this.#readers.read(signal, () => this.#ended !== undefined);
  }

  /** Closes the stream: the session ends, exchanges in flight fail with `reason`. */
  close(reason: TransportError): void {
    this.#end(reason, reason);
    this.#controller.abort(reason);
  }

  #start(
    request: JSONRPCRequest,
    signal: AbortSignal | undefined,
    sendCancel: CancelSender | undefined,
  ): PendingSseExchange {
    const onAbort = () => {
      if (pending.settled) return;
      this.#cancel(pending, 'the request was aborted', sendCancel);
      pending.fail(signal!.reason);
    };
    const pending = new PendingSseExchange(
      request,
      () => this.#cancel(pending, 'the client stopped waiting', sendCancel),
      () => signal?.removeEventListener('abort', onAbort),
    );
    if (this.#ended) {
      pending.fail(this.#ended);
      return pending;
    }
    if (signal?.aborted) {
      pending.fail(signal.reason);
      return pending;
    }
    this.#pending.set(request.id, pending);
    const token = progressTokenOf(request);
    if (token !== undefined) this.#byToken.set(token, pending);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#post(request, this.#wire.lifetime).catch((error) => {
      this.#forget(pending);
      pending.fail(error);
    });
    return pending;
  }

  /** Stops routing to `pending` and tells the server (`notifications/cancelled`). */
  #cancel(pending: PendingSseExchange, reason: string, sendCancel: CancelSender | undefined): void {
    this.#forget(pending);
    if (this.#ended) return;
    kit.writeCancel(sendCancel, pending.request.id, reason, this.#postCancel);
  }

  readonly #postCancel = (notification: JSONRPCNotification): void => {
    this.#post(notification, this.#wire.lifetime).catch(() => {});
  };

  #forget(pending: PendingSseExchange): void {
    if (this.#pending.get(pending.request.id) === pending) this.#pending.delete(pending.request.id);
    const token = progressTokenOf(pending.request);
    if (token !== undefined && this.#byToken.get(token) === pending) this.#byToken.delete(token);
  }

  /**
   * POSTs one message to the endpoint. A 404 means the server no longer knows the session: the
   * message was not handled (`session-expired`); any other refusal is a `bad-response`.
   */
  async #post(message: unknown, signal: AbortSignal): Promise<void> {
    const json = { 'content-type': 'application/json' };
    let response: HttpReply;
    try {
      response = await this.#wire.send(this.endpoint, json, {
        method: 'POST',
        body: JSON.stringify(message),
        signal,
      });
    } catch (error) {
      if (error instanceof kit.TransportError) throw error;
      const detail = `the POST to the HTTP+SSE endpoint failed: ${kit.causeMessage(error)} (${this.endpoint})`;
      throw new kit.TransportError('connection-lost', detail, { cause: error });
    }
    void response.body?.cancel().catch(() => {});
    if (response.status === 404) {
      throw new kit.TransportError(
        'session-expired',
        'the HTTP+SSE endpoint no longer knows the session (HTTP 404)',
        {
          status: 404,
        },
      );
    }
    if (!response.ok) throw badResponse(response.status, 'the HTTP+SSE endpoint refused the message');
  }

  async #read(stream: SseReader, early: SseEvent[]): Promise<void> {
    let events = early;
    let failure: TransportError | undefined;
    try {
      for (;;) {
        for (const event of events) this.#dispatch(event);
        const read = await stream.read();
        events = read.events;
        if (read.done) {
          for (const event of events) this.#dispatch(event);
          break;
        }
      }
    } catch (error) {
      if (error instanceof kit.TransportError && error.reason === 'too-large') failure = error;
    } finally {
      stream.cancel();
    }
    const lost =
      failure ?? new kit.TransportError('connection-lost', 'the HTTP+SSE stream ended before the response');
    this.#end(
      new kit.TransportError('session-expired', 'the HTTP+SSE stream has ended: the session is over'),
      lost,
    );
  }

  /** Ends the session: later exchanges fail with `later`, those in flight with `inFlight`. */
  #end(later: TransportError, inFlight: TransportError): void {
    if (this.#ended) return;
    this.#ended = later;
    for (const pending of this.#pending.values()) pending.fail(inFlight);
    this.#pending.clear();
    this.#byToken.clear();
    for (const controller of this.#serverRequests.values()) controller.abort(later);
    this.#serverRequests.clear();
    this.#readers.end();
  }

  /** Routes one event of the stream; what is no JSON-RPC message names no request and is dropped. */
  #dispatch(event: SseEvent): void {
    if (event.event !== 'message' || event.data.trim() === '') return;
    const parsed = kit.parseJson(event.data);
    const decoded = parsed.ok ? kit.decodeMessage(parsed.value) : undefined;
    if (decoded === undefined || !decoded.ok) return;
    switch (decoded.kind) {
      case 'request':
        this.#answer(decoded.message);
        return;
      case 'notification':
        this.#notification(decoded.message);
        return;
      default: {
        const { id } = decoded.message;
        const pending = id === undefined ? undefined : this.#pending.get(id);
        if (pending === undefined) return;
        this.#forget(pending);
        pending.push(decoded.message);
      }
    }
  }

  #notification(notification: JSONRPCNotification): void {
    const params = notification.params;
    if (notification.method === 'notifications/progress') {
      const token = params?.progressToken;
      const pending =
        typeof token === 'string' || typeof token === 'number' ? this.#byToken.get(token) : undefined;
      if (pending !== undefined) {
        pending.push(notification);
        return;
      }
    }
    if (notification.method === 'notifications/cancelled') {
      const id = params?.requestId;
      const controller =
        typeof id === 'string' || typeof id === 'number' ? this.#serverRequests.get(id) : undefined;
      if (controller !== undefined) {
        controller.abort();
        return;
      }
    }
    this.#readers.deliver(notification);
  }

  /** Answers a request of the server with the handler (or `-32601`) and POSTs the answer. */
  #answer(request: JSONRPCRequest): void {
    const controller = new AbortController();
    this.#serverRequests.set(request.id, controller);
    const signal = AbortSignal.any([controller.signal, this.#wire.lifetime]);
    void this.#wire.requests
      .respondOrRefuse(request, undefined, signal)
      .then((message) => {
        if (this.#serverRequests.get(request.id) !== controller || signal.aborted) return;
        return this.#post(message, this.#wire.lifetime);
      })
      .catch(() => {
        // The server went away, or the transport closed: nobody is waiting for this answer.
      })
      .finally(() => {
        if (this.#serverRequests.get(request.id) === controller) this.#serverRequests.delete(request.id);
      });
  }
}
