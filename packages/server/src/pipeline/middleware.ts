import type {
  GetTaskResult,
  Implementation,
  InputRequiredResult,
  InputResponses,
  LoggingLevel,
  MessageContext,
  Method,
  Next,
  ParamsOf,
  ResultOf,
  TaskMethod,
} from '@mcpkit/protocol';
import type { McpRequestInfo } from './context.js';

/** What a request of `M` resolves to; the three input methods may ask for input (S-53). */
export type MethodResult<M extends Method> = M extends 'tools/call' | 'prompts/get' | 'resources/read'
  ? ResultOf<M> | InputRequiredResult
  : ResultOf<M>;

/** The params and results of the tasks extension's methods (SEP-2663), as middleware sees them. */
export interface TaskMethodTypes {
  'tasks/get': { params: { taskId: string }; result: GetTaskResult };
  'tasks/update': {
    params: { taskId: string; inputResponses: InputResponses };
    result: { resultType: 'complete' };
  };
  'tasks/cancel': { params: { taskId: string }; result: { resultType: 'complete' } };
}

/** What middleware knows about a request of the tasks extension: the request's info, with its method. */
export interface TaskRequestInfo extends Omit<McpRequestInfo, 'method'> {
  readonly method: TaskMethod;
}

/**
 * The methods only a 2025-era session has, served by the legacy layer itself, as middleware sees
 * them: what they change is the session's (its creation, its subscriptions, its log level), not a
 * handler's. `initialize` answers what a 2026 `server/discover` does; middleware sees it before
 * the session exists, so a refused one opens none.
 */
export interface LegacyMethodTypes {
  initialize: {
    /** As the client sent them, `clientInfo` trimmed to what the session keeps. */
    params: { protocolVersion: string; capabilities: Record<string, unknown>; clientInfo: Implementation };
    result: {
      protocolVersion: string;
      capabilities: Record<string, unknown>;
      serverInfo: Implementation;
      instructions?: string;
    };
  };
  'resources/subscribe': { params: { uri: string }; result: Record<string, never> };
  'resources/unsubscribe': { params: { uri: string }; result: Record<string, never> };
  'logging/setLevel': { params: { level: LoggingLevel }; result: Record<string, never> };
}

/**
 * A method only a 2025-era session has: `initialize`, `resources/subscribe`,
 * `resources/unsubscribe`, `logging/setLevel`. (`ping` is answered before middleware, as a 2026
 * `ping` is refused before it: it reaches no handler and tells nothing.)
 */
export type LegacyMethod = keyof LegacyMethodTypes;

/**
 * What middleware knows about a request of a 2025-era session to a method only that era has:
 * the request's info, with its method; `protocolVersion` is the session's (for `initialize`, the
 * version it is about to answer with), and so are `clientCapabilities` and `clientInfo`.
 */
export interface LegacyRequestInfo extends Omit<McpRequestInfo, 'method'> {
  readonly method: LegacyMethod;
}

/**
 * Each method a request's middleware may see, with its params, result and request info: the
 * protocol's methods, the tasks extension's and those only a 2025-era session has.
 */
type MethodsSeen = {
  [M in Method]: { params: ParamsOf<M>; result: MethodResult<M>; info: McpRequestInfo };
} & {
  [M in TaskMethod]: {
    params: TaskMethodTypes[M]['params'];
    result: TaskMethodTypes[M]['result'];
    info: TaskRequestInfo;
  };
} & {
  [M in LegacyMethod]: {
    params: LegacyMethodTypes[M]['params'];
    result: LegacyMethodTypes[M]['result'];
    info: LegacyRequestInfo;
  };
};
type MethodSeen = keyof MethodsSeen;

/** Every result a request's middleware may see: a method's, a task method's, a 2025-only method's. */
export type ServerResult = MethodsSeen[MethodSeen]['result'];

/** What middleware knows of a request besides its method, params and info: the message and its peer. */
export type ReceivedMessageFields = Omit<MessageContext, 'kind' | 'method' | 'params'> & {
  readonly kind: 'request';
};

/**
 * One request as `server.use` middleware sees it, after validation: checking `method` narrows
 * `params` and `context`. `params` is the request's own (with `_meta`); a middleware may hand a
 * rewritten copy to `next({ ...ctx, params })`, which the handler then gets (unchecked: it must
 * stay valid). With the tasks extension on, `tasks/get`, `tasks/update` and `tasks/cancel` pass
 * too (after the extension's own checks, before its `authorize` hook), and so do the methods only
 * a 2025-era session has (`LegacyMethod`): authorization, logging and rate limits see every request
 * of both eras. The JSON-RPC id, the era, the session id and the peer's address are on it too.
 */
export type ServerContext = {
  [M in MethodSeen]: ReceivedMessageFields & {
    readonly method: M;
    readonly params: MethodsSeen[M]['params'];
    readonly context: MethodsSeen[M]['info'];
  };
}[MethodSeen];

/**
 * A hook around every request the server accepts, on every transport: logging, authorization,
 * rate limiting, per-caller filtering. `next()` runs the rest of the chain and the handler and
 * resolves with the result, which middleware may inspect, replace or filter (narrow it by
 * `ctx.method`, e.g. `as ListToolsResult`); `next({ ...ctx, params })` hands on rewritten params.
 * Throw an `McpError` to answer with a JSON-RPC error instead. For every message, refused ones
 * and notifications included, and for what the server sends, register hooks: `server.use({ receive, send })`.
 *
 * @example
 * ```ts
 * server.use(async (ctx, next) => {
 *   const started = performance.now();
 *   try { return await next(); }
 *   finally { console.error(ctx.method, ctx.id, performance.now() - started); }
 * });
 * ```
 */
export type ServerMiddleware = (
  ctx: ServerContext,
  next: Next<ServerContext, ServerResult>,
) => Promise<ServerResult>;

/**
 * One request as the old form of middleware sees it: `ServerContext` with a `next` that takes nothing.
 *
 * @deprecated Write `(ctx, next) => next()` (`ServerMiddleware`): `next` then takes rewritten params.
 */
export type McpCall = {
  [M in MethodSeen]: ReceivedMessageFields & {
    readonly method: M;
    readonly params: MethodsSeen[M]['params'];
    readonly context: MethodsSeen[M]['info'];
    next(): Promise<MethodsSeen[M]['result']>;
  };
}[MethodSeen];

/**
 * The old form of middleware, `(call) => call.next()`, still accepted by `server.use`.
 *
 * @deprecated Write `(ctx, next) => next()` (`ServerMiddleware`).
 *
 * @example
 * ```ts
 * server.use(async (call: McpCall) => call.next());
 * ```
 */
export type Middleware = (call: McpCall) => Promise<ServerResult>;
