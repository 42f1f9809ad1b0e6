import type { InputRequiredResult, Method, ParamsOf, ResultOf } from '@mcpkit/protocol';
import type { McpRequestInfo } from './context.js';

/** What a request of `M` resolves to; the three input methods may ask for input (S-53). */
export type MethodResult<M extends Method> = M extends 'tools/call' | 'prompts/get' | 'resources/read'
  ? ResultOf<M> | InputRequiredResult
  : ResultOf<M>;

/**
 * One request as middleware sees it, after validation: checking `method` narrows `params` and
 * `next`. `next()` runs the rest of the chain and the handler and resolves with the result, which
 * middleware may inspect, replace or filter.
 */
export type McpCall = {
  [M in Method]: {
    readonly method: M;
    readonly params: ParamsOf<M>;
    readonly context: McpRequestInfo;
    next(): Promise<MethodResult<M>>;
  };
}[Method];

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
export type Middleware = (call: McpCall) => Promise<MethodResult<Method>>;

/**
 * Runs `handler` inside `middleware`, first registered outermost. A layer's `next` runs the rest
 * of the chain once: a second call throws, so a side-effecting handler never runs twice.
 */
export function runMiddleware(
  middleware: readonly Middleware[],
  method: Method,
  params: Record<string, unknown>,
  context: McpRequestInfo,
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
