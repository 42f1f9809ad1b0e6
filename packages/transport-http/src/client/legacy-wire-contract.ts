import type { JSONRPCRequest, LegacyClientWire } from '@mcpkit/protocol';
import type { HttpLegacySession, SessionWire } from './legacy-session.js';
import type { HttpSseSession } from './legacy-sse.js';

/** What the 2025-era wire needs from its transport. */
export interface LegacyWireContext extends SessionWire {
  /** Whether the transport was closed. */
  closed(): boolean;
}

/**
 * The 2025-era side of one HTTP client transport as the transport uses it: the Streamable HTTP
 * session of that era (B-11) and, once the client switched to it, the deprecated HTTP+SSE session
 * (B-7), which then carries every message.
 */
export interface LegacyWire {
  /** The 2025-era wire as the transport offers it (`ClientTransport.legacy`). */
  readonly wire: LegacyClientWire;
  /** The session, once the wire's code is loaded; before that there is none to take part in. */
  readonly session: HttpLegacySession | undefined;
  /** The deprecated HTTP+SSE session, once the client switched to it: every message goes there. */
  readonly sse: HttpSseSession | undefined;
  /** While the wire's code loads: requests wait for it, so none leaves without the session's headers. */
  readonly loading: Promise<HttpLegacySession> | undefined;
  /** The session, its code loaded first if need be. */
  load(): Promise<HttpLegacySession>;
  /** Answers a request the server sent on the answer to `related` (B-13). */
  answer(request: JSONRPCRequest, related: JSONRPCRequest): void;
  /** The transport closes: the HTTP+SSE stream ends, and the session is DELETEd. */
  close(): Promise<void>;
}

/**
 * Makes the 2025-era wire of one transport. The entries that speak that era pass
 * `lazyHttpLegacyWire` (see `lazy-legacy-wire.ts`) to the transport; the modern-only ones pass nothing, so a bundle of theirs
 * holds none of it.
 */
export type LegacyWireFactory = (context: LegacyWireContext) => LegacyWire;
