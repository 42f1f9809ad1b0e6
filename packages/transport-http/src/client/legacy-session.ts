import type { ExchangeMessage, JSONRPCNotification, JSONRPCRequest, LegacySession } from '@mcpkit/protocol';
import type { ServerRequestSlot, TransportError } from '@mcpkit/protocol/internal';
import type { AuthorizedSend } from './auth-retry.js';
import type { ResponseLimits } from './bounded-body.js';
import { kit } from './legacy-kit.js';
import type { OnServerRequest, StreamPosition } from './read-exchange.js';
import type { HttpReply } from './sender.js';

const SESSION_HEADER = 'mcp-session-id';

/** Reconnection delay when a server sends no `retry` (the HTML spec leaves it to the client). */
const DEFAULT_RETRY_MS = 1000;
/** Attempts to resume one stream in a row that bring nothing new before the transport gives up. */
const MAX_FRUITLESS_RESUMES = 3;

/** The versions before `MCP-Protocol-Version` existed (B-12). */
const HEADERLESS_VERSIONS = new Set(['2025-03-26', '2024-11-05']);

/** How the session reaches the server: the transport's own sender, URL and headers. */
export interface SessionWire {
  /** The transport's sender: its headers, redirect policy and auth retry (see `AuthorizedSend`). */
  send: AuthorizedSend;
  endpoint: string;
  /** Aborts when the transport closes. */
  lifetime: AbortSignal;
  /** The largest SSE event accepted, in bytes. */
  maxEventBytes: number;
}

/** How long requests wait at most for the standalone GET stream being opened (see `streamOpening`). */
const STREAM_OPEN_WAIT_MS = 2000;

/**
 * The 2025-era session of one HTTP client transport (B-11): the id the server gave in its answer
 * to `initialize`, echoed on every later request; the negotiated version, sent as
 * `MCP-Protocol-Version`; the server's own requests, answered with POSTs (B-13); resumption of
 * streams with `Last-Event-ID`; the standalone GET stream; DELETE at the end.
 */
export class HttpLegacySession {
  readonly #wire: SessionWire;
  #sessionId: string | undefined;
  #versionHeader: string | undefined;
  #active = false;
  /** The handler for the server's requests (B-13); its signal aborts when the transport closes. */
  readonly requests: ServerRequestSlot;
  #streamOpening: Promise<void> | undefined;

  constructor(wire: SessionWire) {
    this.#wire = wire;
    this.requests = new kit.ServerRequestSlot(wire.lifetime);
  }

  /** Whether a session was begun: only then are streams resumed. */
  get active(): boolean {
    return this.#active;
  }

  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  /**
   * While the standalone GET stream is being opened: settles once the server answered its first GET
   * (or it failed), at most 2 s later. A 2025-era server sends its own requests on that stream and
   * drops them while none is open (the official SDK v1 does), so requests wait for it.
   */
  get streamOpening(): Promise<void> | undefined {
    return this.#streamOpening;
  }

  /** Starts `streamOpening`; the function returned settles it. */
  #beginOpening(): () => void {
    let settle!: () => void;
    const opening = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, STREAM_OPEN_WAIT_MS);
      settle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#streamOpening = opening;
    void opening.then(() => {
      if (this.#streamOpening === opening) this.#streamOpening = undefined;
    });
    return settle;
  }

  /** Adds the session's headers to the headers of a request. */
  addHeaders(headers: Record<string, string>): void {
    if (this.#sessionId !== undefined) headers[SESSION_HEADER] = this.#sessionId;
    if (this.#versionHeader !== undefined) headers[kit.McpHeader.protocolVersion] = this.#versionHeader;
  }

  /** An `initialize` is about to be sent: whatever session there was is over. */
  initializing(): void {
    this.#sessionId = undefined;
    this.#versionHeader = undefined;
    this.#active = false;
  }

  /** The answer to `initialize` arrived: its `Mcp-Session-Id`, if any, names the session. */
  initialized(response: HttpReply): void {
    this.#sessionId = response.header(SESSION_HEADER) ?? undefined;
  }

  begin(session: LegacySession): void {
    this.#active = true;
    this.#versionHeader = HEADERLESS_VERSIONS.has(session.protocolVersion)
      ? undefined
      : session.protocolVersion;
  }

  /** A 404 to a request that carried the session id: the server forgot it (B-11). */
  expired(response: HttpReply, sentSessionId: string | undefined): TransportError | undefined {
    if (response.status !== 404 || sentSessionId === undefined) return undefined;
    if (this.#sessionId === sentSessionId) this.#sessionId = undefined;
    void response.body?.cancel().catch(() => {});
    return new kit.TransportError('session-expired', 'The server no longer knows the session (HTTP 404)', {
      status: 404,
    });
  }

  /** Answers a request of the server with the handler (or `-32601`) and POSTs the answer back. */
  answer(request: JSONRPCRequest, related: JSONRPCRequest | undefined): void {
    void this.requests
      .respondOrRefuse(request, related)
      .then(async (message) => {
        if (this.#wire.lifetime.aborted) return;
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        };
        this.addHeaders(headers);
        const answer = await this.#wire.send(this.#wire.endpoint, headers, {
          method: 'POST',
          body: JSON.stringify(message),
          signal: this.#wire.lifetime,
        });
        await answer.body?.cancel();
      })
      .catch(() => {
        // The server asked and went away, or the transport closed: nobody is waiting for this answer.
      });
  }

  /** Opens a GET stream (resuming from `position` when it has an id), or `undefined` on 405. */
  async #get(position: StreamPosition, signal: AbortSignal): Promise<HttpReply | undefined> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    this.addHeaders(headers);
    if (position.lastEventId !== '') headers['last-event-id'] = position.lastEventId;
    const response = await this.#wire.send(this.#wire.endpoint, headers, { method: 'GET', signal });
    if (response.status === 405) {
      void response.body?.cancel().catch(() => {});
      return undefined;
    }
    const expired = this.expired(response, this.#sessionId);
    if (expired) throw expired;
    if (!response.ok || !kit.isEventStream(response.header('content-type')) || response.body === null) {
      void response.body?.cancel().catch(() => {});
      throw new kit.TransportError('bad-response', `HTTP ${response.status} to the GET stream`, {
        status: response.status,
      });
    }
    return response;
  }

  /**
   * The messages of the answer to `request` in this session: an SSE stream that breaks before the
   * response, once it gave an event id, is resumed (B-11).
   */
  async *readResuming(
    response: HttpReply,
    request: JSONRPCRequest,
    limits: ResponseLimits,
    onRequest: OnServerRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ExchangeMessage> {
    const position: StreamPosition = { lastEventId: '', retryMs: undefined };
    try {
      yield* kit.readExchange(response, limits, onRequest, position);
    } catch (error) {
      const resumable = error instanceof kit.TransportError && error.reason === 'connection-lost';
      if (!resumable || position.lastEventId === '') throw error;
      yield* this.resume(request, position, signal);
    }
  }

  /**
   * Resumes a response stream that ended before its response (SEP-1699): waits the server's
   * `retry`, then GETs with `Last-Event-ID` and reads on until the response. Gives up with
   * `connection-lost` after a few attempts that bring nothing.
   */
  async *resume(
    request: JSONRPCRequest,
    position: StreamPosition,
    signal: AbortSignal,
  ): AsyncGenerator<ExchangeMessage> {
    let fruitless = 0;
    while (fruitless < MAX_FRUITLESS_RESUMES) {
      await kit.sleep(position.retryMs ?? DEFAULT_RETRY_MS, signal);
      signal.throwIfAborted();
      const before = position.lastEventId;
      const response = await this.#get(position, signal);
      if (response === undefined) break;
      const onRequest = (serverRequest: JSONRPCRequest) => this.answer(serverRequest, request);
      for await (const message of this.#events(response, onRequest, position)) {
        yield message;
        if (!('method' in message)) return;
      }
      fruitless = position.lastEventId === before ? fruitless + 1 : 0;
    }
    throw new kit.TransportError(
      'connection-lost',
      `The stream of ${request.method} could not be resumed`, // C-55
    );
  }

  /**
   * The standalone GET stream's notifications, re-opened with `Last-Event-ID` when it ends; a
   * `TransportError` of status 405 when the server offers none.
   */
  async *serverMessages(signal: AbortSignal): AsyncGenerator<JSONRPCNotification> {
    const position: StreamPosition = { lastEventId: '', retryMs: undefined };
    const onRequest = (request: JSONRPCRequest) => this.answer(request, undefined);
    let failures = 0;
    let opened: (() => void) | undefined = this.#beginOpening();
    try {
      while (!signal.aborted) {
        let response: HttpReply | undefined;
        try {
          response = await this.#get(position, signal);
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof kit.TransportError && error.reason !== 'connection-lost') throw error;
          if (++failures > MAX_FRUITLESS_RESUMES) throw error;
          await kit.sleep(position.retryMs ?? DEFAULT_RETRY_MS, signal);
          continue;
        } finally {
          opened?.();
          opened = undefined;
        }
        if (response === undefined) {
          throw new kit.TransportError(
            'bad-response',
            'The server offers the session no stream (HTTP 405 to GET)',
            {
              status: 405,
            },
          );
        }
        failures = 0;
        try {
          for await (const message of this.#events(response, onRequest, position)) {
            if ('method' in message) yield message as JSONRPCNotification;
          }
        } catch (error) {
          if (signal.aborted) return;
          // A stream that broke is re-opened; what the server sent wrong is not.
          if (error instanceof kit.TransportError) throw error;
        }
        await kit.sleep(position.retryMs ?? DEFAULT_RETRY_MS, signal);
      }
    } finally {
      opened?.();
    }
  }

  /** The messages of a GET stream, from `position` on, its server requests answered by `onRequest`. */
  #events(
    response: HttpReply,
    onRequest: (request: JSONRPCRequest) => void,
    position: StreamPosition,
  ): AsyncIterable<ExchangeMessage> {
    return kit.readEvents(response, response.body!, this.#wire.maxEventBytes, onRequest, position);
  }

  /** DELETEs the session (B-11); a server that does not allow it (405) keeps it until it expires. */
  async end(): Promise<void> {
    const sessionId = this.#sessionId;
    this.#sessionId = undefined;
    this.#active = false;
    this.#versionHeader = undefined;
    if (sessionId === undefined) return;
    const headers: Record<string, string> = { [SESSION_HEADER]: sessionId };
    const response = await this.#wire.send(this.#wire.endpoint, headers, {
      method: 'DELETE',
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel();
  }
}
