import type {
  Chain,
  EndpointExchange,
  Implementation,
  JSONRPCNotification,
  MessageContext,
  RequestContext,
  ServerCapabilities,
  SessionEnd,
  SessionEndpoint,
} from '@mcpkit/protocol';
import type { LegacyMethod, LegacyRequestInfo } from './pipeline/middleware.js';
import type { ServerEvent } from './subscriptions/event-bus.js';

/*
 * The one seam between the server core and the 2025 era. The core knows the era only through
 * these interfaces; `legacy/` implements `LegacyEraSeam`, and the package entry (index.ts) hands
 * it to the core. Without it the core serves 2026-07-28 alone.
 */

/** What the server core offers the 2025-era layer it hands messages to. */
export interface LegacyHost {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  /** The modern revisions served: the engine is spoken to in the first; `-32022` names them all. */
  readonly modernVersions: readonly string[];
  capabilities(): ServerCapabilities;
  /** The modern engine. */
  handleModern(message: unknown, context: RequestContext): EndpointExchange;
  /**
   * The server's `receive` hooks alone, composed; `undefined` while there are none. The layer runs
   * them once around each request it forwards (the engine then runs the typed middleware alone).
   */
  receiveHooks(): Chain<MessageContext, unknown> | undefined;
  /** Passes a notification of `session` through the server's `receive` hooks, if any. */
  notified(
    message: JSONRPCNotification,
    context: RequestContext,
    session: NonNullable<RequestContext['legacySession']>,
  ): void;
  /** The server's send hooks, composed; `undefined` while there are none. */
  sendChain(): Chain<MessageContext, unknown> | undefined;
  /**
   * Tells the server's `sessionEnded` hooks that a session ended; `wantsSessionEnds` says whether
   * there are any (so nothing is built for none).
   */
  sessionEnded(session: SessionEnd): void;
  wantsSessionEnds(): boolean;
  /** Calls `listener` for every event of the server's bus; returns the unsubscribe function. */
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /**
   * Runs `handler` inside the server's middleware, as the engine runs a handler, for the methods
   * the layer serves itself; resolves with what the chain produced.
   */
  withMiddleware(
    method: LegacyMethod,
    params: Record<string, unknown>,
    info: LegacyRequestInfo,
    context: RequestContext,
    handler: () => Promise<object>,
  ): Promise<Record<string, unknown>>;
}

/**
 * The 2025 era as the server core sees it: which era a message belongs to, how a 2025-era message
 * is served, and the HTTP sessions when the era keeps them (`McpServer.sessions`).
 */
export interface LegacyEraSeam {
  /** `legacy` for a message of 2025-11-25 or before; the core serves every other one itself. */
  eraOf(message: unknown, context: RequestContext): 'modern' | 'legacy';
  /** Serves a message `eraOf` found legacy. */
  handle(message: unknown, context: RequestContext): EndpointExchange;
  /** The `GET` stream and `DELETE` of 2025-era HTTP sessions; `undefined` when none are kept. */
  readonly sessions: SessionEndpoint | undefined;
  /** The server closed: the sessions of its open connections end (HTTP sessions live on in the store). */
  close(): void;
}

/** Builds the 2025 era onto the core that offers `host`: what the package entry passes to the core. */
export type LegacyEraFactory = (host: LegacyHost) => LegacyEraSeam;
