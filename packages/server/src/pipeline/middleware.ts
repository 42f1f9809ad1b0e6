import type {
  GetTaskResult,
  Implementation,
  InputRequiredResult,
  InputResponses,
  LoggingLevel,
  Method,
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
 * One request as middleware sees it, after validation: checking `method` narrows `params` and
 * `next`. `next()` runs the rest of the chain and the handler and resolves with the result, which
 * middleware may inspect, replace or filter. With the tasks extension on, `tasks/get`,
 * `tasks/update` and `tasks/cancel` pass through middleware too (after the extension's own
 * checks, before its `authorize` hook), and so do the methods only a 2025-era session has
 * (`LegacyMethod`): authorization, logging and rate limits see every request of both eras.
 */
export type McpCall =
  | {
      [M in Method]: {
        readonly method: M;
        readonly params: ParamsOf<M>;
        readonly context: McpRequestInfo;
        next(): Promise<MethodResult<M>>;
      };
    }[Method]
  | {
      [M in TaskMethod]: {
        readonly method: M;
        readonly params: TaskMethodTypes[M]['params'];
        readonly context: TaskRequestInfo;
        next(): Promise<TaskMethodTypes[M]['result']>;
      };
    }[TaskMethod]
  | {
      [M in LegacyMethod]: {
        readonly method: M;
        readonly params: LegacyMethodTypes[M]['params'];
        readonly context: LegacyRequestInfo;
        next(): Promise<LegacyMethodTypes[M]['result']>;
      };
    }[LegacyMethod];

/**
 * A hook around every request, on every transport: logging, authorization, rate limiting,
 * per-caller filtering, tracing. Throw an `McpError` to answer with a JSON-RPC error instead.
 *
 * @example
 * ```ts
 * server.use(async (call) => {
 *   const started = performance.now();
 *   try { return await call.next(); }
 *   finally { console.error(call.method, performance.now() - started); }
 * });
 * ```
 */
export type Middleware = (
  call: McpCall,
) => Promise<
  MethodResult<Method> | TaskMethodTypes[TaskMethod]['result'] | LegacyMethodTypes[LegacyMethod]['result']
>;

/**
 * Runs `handler` inside `middleware`, first registered outermost. A layer's `next` runs the rest
 * of the chain once: a second call throws, so a side-effecting handler never runs twice.
 */
export function runMiddleware(
  middleware: readonly Middleware[],
  method: McpCall['method'],
  params: Record<string, unknown>,
  context: McpCall['context'],
  handler: () => Promise<object>,
): Promise<unknown> {
  if (middleware.length === 0) return handler();
  const dispatch = (index: number): Promise<unknown> => {
    const layer = middleware[index];
    if (!layer) return handler();
    let called = false;
    const next = () => {
      if (called) throw new Error('Middleware called next() more than once');
      called = true;
      return dispatch(index + 1);
    };
    return layer({ method, params, context, next } as unknown as McpCall);
  };
  return dispatch(0);
}
