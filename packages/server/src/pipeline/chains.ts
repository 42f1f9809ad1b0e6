import type {
  Chain,
  MessageContext,
  MessageMiddleware,
  MiddlewareHooks,
  RequestContext,
  SessionEnd,
} from '@mcpkit/protocol';
import { compose, isRecord } from '@mcpkit/protocol/internal';
import type { McpRequestInfo } from './context.js';
import type { Middleware, ServerContext, ServerMiddleware, ServerResult } from './middleware.js';

/**
 * A message as the receive chain carries it: what every hook sees, and, for a request the server
 * accepted, its info (what `server.use(fn)` middleware narrows on). `undefined` for a
 * notification and for a request refused before its handler: typed middleware never sees those.
 */
export interface ReceivedMessage extends MessageContext {
  readonly context: Pick<McpRequestInfo, 'requestId'> | undefined;
}

/**
 * The server's middleware, composed when it is added: the receive chain (typed `server.use(fn)`
 * middleware and `receive` hooks, in the order added) and the send chain (`send` hooks).
 */
export class ServerMiddlewareChains {
  readonly #receiveLayers: MessageMiddleware[] = [];
  readonly #typedLayers: MessageMiddleware[] = [];
  readonly #hookLayers: MessageMiddleware[] = [];
  readonly #sendLayers: MessageMiddleware[] = [];
  readonly #sessionHooks: ((session: SessionEnd) => void)[] = [];
  /** Every layer around what the server receives; `undefined` while there is none. */
  receive: Chain<MessageContext, unknown> | undefined;
  /**
   * The `receive` hooks alone: the 2025-era layer runs them once around a request it forwards,
   * however many times the engine runs it (once per input round); `undefined` while there is none.
   */
  receiveHooks: Chain<MessageContext, unknown> | undefined;
  /** The typed middleware alone, around each run of a forwarded 2025-era request; `undefined` while there is none. */
  #typed: Chain<MessageContext, unknown> | undefined;
  /** Every `send` hook around what the server sends; `undefined` while there is none. */
  send: Chain<MessageContext, unknown> | undefined;
  /** Whether a `receive` hook wants every message: notifications and refused requests too. */
  everyMessage = false;

  /** The typed middleware alone (see `receiveChainFor`). */
  get typedReceive(): Chain<MessageContext, unknown> | undefined {
    return this.#typed;
  }

  use(middleware: ServerMiddleware | Middleware | MiddlewareHooks): void {
    if (typeof middleware === 'function') {
      // The old form, `(call) => call.next()`, takes one parameter; a new one that takes one never calls next.
      const typed = middleware.length < 2 ? fromCallForm(middleware as Middleware) : middleware;
      const layer = acceptedOnly(typed as ServerMiddleware);
      this.#receiveLayers.push(layer);
      this.#typedLayers.push(layer);
      this.#typed = compose(this.#typedLayers, 'server receive');
    } else if (
      isRecord(middleware) &&
      (isHook(middleware.receive) || isHook(middleware.send) || isHook(middleware.sessionEnded))
    ) {
      const { receive, send, sessionEnded } = middleware as MiddlewareHooks;
      // Bound once here: hooks may be methods of an object that reads `this`.
      if (receive !== undefined) {
        const layer = receive.bind(middleware);
        this.#receiveLayers.push(layer);
        this.#hookLayers.push(layer);
        this.receiveHooks = compose(this.#hookLayers, 'server receive');
        this.everyMessage = true;
      }
      if (send !== undefined) this.#sendLayers.push(send.bind(middleware));
      if (sessionEnded !== undefined) this.#sessionHooks.push(sessionEnded.bind(middleware));
    } else {
      throw new TypeError(
        'server.use takes a middleware function, (ctx, next) => next(), or hooks: { receive?, send?, sessionEnded? } with at least one function',
      );
    }
    if (this.#receiveLayers.length > 0) this.receive = compose(this.#receiveLayers, 'server receive');
    if (this.#sendLayers.length > 0) this.send = compose(this.#sendLayers, 'server send');
  }

  /** Whether some hook wants to hear of ended sessions. */
  get wantsSessionEnds(): boolean {
    return this.#sessionHooks.length > 0;
  }

  /** Tells every `sessionEnded` hook; one that throws is reported to `onError`, and the others still hear. */
  sessionEnded(session: SessionEnd, onError: (error: unknown) => void): void {
    for (const hook of this.#sessionHooks) {
      try {
        hook(session);
      } catch (error) {
        onError(error);
      }
    }
  }
}

/**
 * The receive chain a request on `context` runs through: a 2025-era request the legacy layer
 * forwards passed the `receive` hooks there already, so it gets the typed middleware alone.
 */
export function receiveChainFor(
  chains: ServerMiddlewareChains,
  context: RequestContext,
): Chain<MessageContext, unknown> | undefined {
  return context.legacySession === undefined ? chains.receive : chains.typedReceive;
}

function isHook(value: unknown): boolean {
  return typeof value === 'function';
}

/** A typed middleware as a layer of the receive chain: it passes by what it does not see. */
function acceptedOnly(layer: ServerMiddleware): MessageMiddleware {
  return (ctx, next) =>
    (ctx as ReceivedMessage).context === undefined
      ? next()
      : layer(
          ctx as unknown as ServerContext,
          next as unknown as (ctx?: ServerContext) => Promise<ServerResult>,
        );
}

/** The old form as the new: its `call` is the context with `next` on it. */
function fromCallForm(layer: Middleware): ServerMiddleware {
  return (ctx, next) => layer({ ...ctx, next } as never);
}
