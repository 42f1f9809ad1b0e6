import type { NetworkPeer } from './network.js';
import type { RequestId } from './schemas/json.js';

/**
 * Runs the rest of a middleware chain. Pass a rewritten context to hand that on instead (a copy:
 * `next({ ...ctx, params })`), or nothing to hand `ctx` on as it is. Works once: a second call
 * rejects, so what the chain ends in (a handler, a request on the wire) never runs twice.
 */
export type Next<C, R> = (ctx?: C) => Promise<R>;

/**
 * The one middleware shape of both sides: does its part around `next`, may rewrite the context it
 * hands on, replace the result, or answer without calling `next` at all.
 *
 * @example
 * ```ts
 * const timing: Middleware<{ method: string }, unknown> = async (ctx, next) => {
 *   const started = performance.now();
 *   try { return await next(); }
 *   finally { console.error(ctx.method, performance.now() - started); }
 * };
 * ```
 */
export type Middleware<C, R> = (ctx: C, next: Next<C, R>) => Promise<R>;

/** A composed chain: runs `ctx` through its layers, then `end` with the context the last layer handed on. */
export type Chain<C, R> = (ctx: C, end: (ctx: C) => Promise<R>) => Promise<R>;

/**
 * Composes `layers`, the first outermost, into one chain. Compose once, when middleware is added:
 * running the chain then allocates one `next` per layer and nothing else. `where` names the
 * chain in the error a layer that calls `next` twice gets ("server receive middleware #2 ...").
 * A layer that throws instead of rejecting rejects the chain.
 *
 * @example
 * ```ts
 * const chain = compose<{ n: number }, number>([(ctx, next) => next({ n: ctx.n + 1 })], 'example');
 * await chain({ n: 1 }, async (ctx) => ctx.n); // 2
 * ```
 */
export function compose<C, R>(layers: readonly Middleware<C, R>[], where: string): Chain<C, R> {
  if (layers.length === 0) return runEnd;
  if (layers.length === 1) return single(layers[0]!, where);
  const fixed = layers.slice();
  return (ctx, end) => dispatch(fixed, where, 0, ctx, end);
}

/**
 * The chain of one layer (one `otel()`, say), the most common: its `next` runs the end at once,
 * without a dispatch of its own, and keeps only what it needs (about 15 ns less per message).
 */
function single<C, R>(layer: Middleware<C, R>, where: string): Chain<C, R> {
  return (ctx, end) => {
    let called = false;
    const next: Next<C, R> = (passed) => {
      if (called) return calledTwice(where, 0);
      called = true;
      return runEnd(passed === undefined ? ctx : passed, end);
    };
    try {
      return layer(ctx, next);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

function calledTwice<R>(where: string, index: number): Promise<R> {
  return Promise.reject(
    new Error(
      `${where} middleware #${index + 1} called next() twice; it runs the rest of the chain once: ` +
        'call it once and keep its result',
    ),
  );
}

function runEnd<C, R>(ctx: C, end: (ctx: C) => Promise<R>): Promise<R> {
  try {
    return end(ctx);
  } catch (error) {
    return Promise.reject(error);
  }
}

function dispatch<C, R>(
  layers: readonly Middleware<C, R>[],
  where: string,
  index: number,
  ctx: C,
  end: (ctx: C) => Promise<R>,
): Promise<R> {
  if (index === layers.length) return runEnd(ctx, end);
  let called = false;
  const next: Next<C, R> = (passed) => {
    if (called) return calledTwice(where, index);
    called = true;
    return dispatch(layers, where, index + 1, passed === undefined ? ctx : passed, end);
  };
  try {
    return layers[index]!(ctx, next);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** One JSON-RPC message as the send and receive hooks of either side see it, on both eras. */
export interface MessageContext {
  /** The side that runs the middleware. */
  readonly side: 'client' | 'server';
  /** Whether that side sends the message or received it. */
  readonly direction: 'send' | 'receive';
  readonly kind: 'request' | 'notification';
  readonly method: string;
  /**
   * The params as on the wire, `_meta` included (trace context goes there). Rewrite with a copy:
   * `next({ ...ctx, params: { ...ctx.params, _meta: { ...meta, traceparent } } })`.
   */
  readonly params: Record<string, unknown>;
  /** The JSON-RPC request id; `undefined` for a notification. */
  readonly id: RequestId | undefined;
  /** `'legacy'` for a 2025-era session (initialize), `'modern'` for 2026-07-28 on. */
  readonly era: 'modern' | 'legacy';
  /** The protocol version of the message (modern: its `_meta`; legacy: the session's); `undefined` before one is known. */
  readonly protocolVersion: string | undefined;
  /** The 2025-era session id (HTTP `Mcp-Session-Id`), when there is one. */
  readonly sessionId: string | undefined;
  /** How the peer is reached, and where it is. */
  readonly network: NetworkPeer;
  /**
   * Client sending only: the application call the request belongs to, `undefined` for requests of
   * no call (discovery, `subscriptions/listen`, `initialize`). `id` is the same for every input
   * round and task poll of one call; `round` counts the `input_required` results answered so far.
   */
  readonly call?: { readonly id: number; readonly round: number } | undefined;
  /** The task a `tasks/get`, `tasks/update` or `tasks/cancel` is about. */
  readonly taskId?: string | undefined;
}

/**
 * A send or receive hook. `next()` resolves with the request's result (what the server answers,
 * what the client received), `undefined` for a notification, and rejects with the JSON-RPC error
 * (`McpError`) or the transport's failure. On the server, requests refused before their handler
 * (an unknown tool, bad params, an unsupported version) pass too: their `next()` rejects with the refusal.
 */
export type MessageMiddleware = Middleware<MessageContext, unknown>;

/**
 * What a plug-in adds in one `use` call, on either side: `send` wraps every message that side
 * sends, `receive` every message it receives.
 *
 * @example
 * ```ts
 * const hooks: MiddlewareHooks = {
 *   send: (ctx, next) => next({ ...ctx, params: { ...ctx.params, _meta: { ...(ctx.params._meta as object), traceparent } } }),
 * };
 * server.use(hooks);
 * ```
 */
export interface MiddlewareHooks {
  send?: MessageMiddleware;
  receive?: MessageMiddleware;
  /**
   * Called once when a session of this side ends (see `SessionEnd`): on a server, a 2025-era
   * session (its connection closed, `DELETE`, expired in the session store, the server closed);
   * on a client, its connection (`close()`, or the transport lost). Not called per message.
   */
  sessionEnded?(session: SessionEnd): void;
}

/**
 * A session that ended, as `MiddlewareHooks.sessionEnded` reports it: how long it lasted, over
 * what, and why it ended.
 *
 * @example
 * ```ts
 * server.use({ sessionEnded: (s) => console.error(s.reason, (s.endedAt - s.openedAt) / 1000, 's') });
 * ```
 */
export interface SessionEnd {
  readonly side: 'client' | 'server';
  /** The 2025-era session id (HTTP `Mcp-Session-Id`), when it had one. */
  readonly sessionId: string | undefined;
  /** When it opened (`initialize` answered; a client: connected), ms since the epoch. */
  readonly openedAt: number;
  /** When it ended, ms since the epoch; for an expired session, its last use plus the store's TTL. */
  readonly endedAt: number;
  /** The version the session spoke; `undefined` when it ended before one was agreed. */
  readonly protocolVersion: string | undefined;
  readonly network: NetworkPeer;
  /**
   * `closed`: its connection closed or `close()` was called; `deleted`: the client ended it
   * (`DELETE`); `expired`: unused for the store's TTL; `server-closed`: the server closed;
   * `lost`: the transport failed (then `error` says how).
   */
  readonly reason: 'closed' | 'deleted' | 'expired' | 'server-closed' | 'lost';
  /** What ended it, when it ended in error. */
  readonly error?: unknown;
}

// Shared frozen peers, made on first use: made at load, they would be code a bundler keeps in every
// app that imports this module.
let pipe: NetworkPeer | undefined;
let tcp: NetworkPeer | undefined;
let inproc: NetworkPeer | undefined;

/**
 * Where the peer of a message is: what its transport said (`network`), else what the transport's
 * name tells (`stdio` is a pipe, `http` is TCP, `memory` in-process). Shared objects: no allocation.
 */
export function networkOf(transport: string, network: NetworkPeer | undefined): NetworkPeer {
  if (network !== undefined) return network;
  switch (transport) {
    case 'stdio':
      pipe ??= Object.freeze({ transport: 'pipe' });
      return pipe;
    case 'http':
      tcp ??= Object.freeze({ transport: 'tcp' });
      return tcp;
    case 'memory':
      inproc ??= Object.freeze({ transport: 'inproc' });
      return inproc;
    default:
      return { transport };
  }
}
