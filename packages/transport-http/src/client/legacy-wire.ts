import type {
  JSONRPCNotification,
  LegacyClientWire,
  LegacySession,
  ServerRequestHandler,
} from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol/internal';
import { HttpLegacySession, type SessionWire } from './legacy-session.js';
import { type HttpSseSession, openSseSession } from './legacy-sse.js';

/** What the 2025-era wire needs from its transport. */
interface LegacyWireContext extends SessionWire {
  /** Whether the transport was closed. */
  closed(): boolean;
}

/**
 * Makes the 2025-era wire of one transport. The entries that speak that era pass
 * `httpLegacyWire` to the transport; the modern-only ones pass nothing, so a bundle of theirs
 * holds none of it.
 */
export type LegacyWireFactory = (context: LegacyWireContext) => HttpLegacyWire;

const closedError = () => new TransportError('closed', 'The HTTP transport was closed');

/**
 * The 2025-era side of one HTTP client transport: the Streamable HTTP session of that era (B-11)
 * and, once the client switched to it, the deprecated HTTP+SSE session (B-7), which then carries
 * every message.
 */
class HttpLegacyWire {
  readonly session: HttpLegacySession;
  /** The deprecated HTTP+SSE session, once the client switched to it (B-7): every message goes there. */
  sse: HttpSseSession | undefined;
  readonly #context: LegacyWireContext;

  constructor(context: LegacyWireContext) {
    this.#context = context;
    this.session = new HttpLegacySession(context);
  }

  /** The 2025-era wire as the transport offers it (`ClientTransport.legacy`). */
  readonly wire: LegacyClientWire = {
    onServerRequest: (handler: ServerRequestHandler) => this.session.requests.set(handler),
    beginSession: (legacy: LegacySession) => {
      if (!this.sse) this.session.begin(legacy);
    },
    endSession: async () => {
      this.sse?.close(new TransportError('session-expired', 'The HTTP+SSE session was ended'));
      return this.session.end();
    },
    serverMessages: (signal: AbortSignal): AsyncIterable<JSONRPCNotification> => {
      const both = AbortSignal.any([signal, this.#context.lifetime]);
      return this.sse ? this.sse.serverMessages(both) : this.session.serverMessages(both);
    },
    openSse: (signal: AbortSignal) => this.#openSse(signal),
    sessionId: () => this.session.sessionId,
  };

  async #openSse(signal: AbortSignal): Promise<void> {
    const context = this.#context;
    if (context.closed()) throw closedError();
    this.sse?.close(new TransportError('session-expired', 'A new HTTP+SSE session was opened'));
    this.sse = undefined;
    this.sse = await openSseSession(
      {
        send: context.send,
        url: context.endpoint,
        maxEventBytes: context.maxEventBytes,
        requests: this.session.requests,
        lifetime: context.lifetime,
      },
      signal,
    );
  }

  /** The transport closes: the HTTP+SSE stream ends, and the session is DELETEd. */
  async close(): Promise<void> {
    this.sse?.close(closedError());
    await this.session.end().catch(() => {});
  }
}

/** The 2025-era wire, for `openHttpClientTransport`. */
export const httpLegacyWire: LegacyWireFactory = (context) => new HttpLegacyWire(context);
