import type {
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyClientWire,
  LegacySession,
  ServerRequestHandler,
} from '@mcpkit/protocol';
import { kit } from './legacy-kit.js';
import { HttpLegacySession } from './legacy-session.js';
import { type HttpSseSession, openSseSession } from './legacy-sse.js';
import type { LegacyWire, LegacyWireContext } from './legacy-wire-contract.js';

const closedError = () => new kit.TransportError('closed', 'The HTTP transport was closed');

/**
 * The 2025-era side of one HTTP client transport: the Streamable HTTP session of that era (B-11)
 * and, once the client switched to it, the deprecated HTTP+SSE session (B-7), which then carries
 * every message.
 */
class HttpLegacyWire implements LegacyWire {
  readonly session: HttpLegacySession;
  /** The deprecated HTTP+SSE session, once the client switched to it (B-7): every message goes there. */
  sse: HttpSseSession | undefined;
  /** Loaded already: nothing to wait for. */
  readonly loading = undefined;
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
      this.sse?.close(new kit.TransportError('session-expired', 'The HTTP+SSE session was ended'));
      return this.session.end();
    },
    serverMessages: (signal: AbortSignal): AsyncIterable<JSONRPCNotification> => {
      const both = AbortSignal.any([signal, this.#context.lifetime]);
      return this.sse ? this.sse.serverMessages(both) : this.session.serverMessages(both);
    },
    openSse: (signal: AbortSignal) => this.#openSse(signal),
    sessionId: () => this.session.sessionId,
  };

  load(): Promise<HttpLegacySession> {
    return Promise.resolve(this.session);
  }

  answer(request: JSONRPCRequest, related: JSONRPCRequest): void {
    this.session.answer(request, related);
  }

  async #openSse(signal: AbortSignal): Promise<void> {
    const context = this.#context;
    if (context.closed()) throw closedError();
    this.sse?.close(new kit.TransportError('session-expired', 'A new HTTP+SSE session was opened'));
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

export { adoptKit } from './legacy-kit.js';

/**
 * The 2025-era wire, loaded at once once `adoptKit` was called (tests build transports with it;
 * the entries load it lazily).
 */
export const httpLegacyWire = (context: LegacyWireContext): LegacyWire => new HttpLegacyWire(context);
