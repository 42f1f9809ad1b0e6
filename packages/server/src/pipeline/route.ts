import type { Method, ParamsOf } from '@mcpkit/protocol';
import type { RequestScope } from './context.js';
import type { ServerRuntime } from './runtime.js';

/** The params of `M` once step 6 has checked them: the method's own fields, on a JSON object. */
export type RouteParams<M extends Method> = ParamsOf<M> & Record<string, unknown>;

/**
 * How method `M` is served. `prepare` finishes step 6 of the pipeline — what the params name
 * must exist, the client must have declared what it needs, a `requestState` must verify — so its
 * errors come before middleware. `run` is the handler (step 7). `P` is what `prepare` hands `run`.
 */
export interface Route<M extends Method, P = unknown> {
  prepare(runtime: ServerRuntime, scope: RequestScope, params: RouteParams<M>): P | Promise<P>;
  /** The result, or its promise; an error may be thrown (the pipeline sends it as a rejection's). */
  run(
    runtime: ServerRuntime,
    scope: RequestScope,
    params: RouteParams<M>,
    prepared: P,
  ): object | Promise<object>;
  /**
   * Step 7 when no middleware runs, the outcome handed to `sink` rather than returned: an async
   * handler's outcome then reaches the exchange in one reaction, not in the route's and then the
   * exchange's.
   */
  answer?(
    runtime: ServerRuntime,
    scope: RequestScope,
    params: RouteParams<M>,
    prepared: P,
    sink: AnswerSink,
  ): void;
}

/**
 * Where step 7 hands its outcome when no middleware runs: the request's exchange. `owned` says the
 * result is a copy only the server holds, with `_meta` as its first key, which may take serverInfo
 * in place instead of being copied again.
 */
export interface AnswerSink {
  answer(result: unknown, owned: boolean): void;
  fail(error: unknown): void;
}

/** One route per method, each typed by its method's params. */
export type RouteTable = { readonly [M in Method]: Route<M> };
