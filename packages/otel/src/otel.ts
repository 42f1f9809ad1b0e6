import {
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { propagateReceive, propagateSend, recordCall, recordReceive, recordSend } from './hooks.js';
import { createInstruments } from './instruments.js';
import type { CallLike, MessageLike, SessionEndLike } from './message.js';
import { Telemetry } from './telemetry.js';

declare const __MCPKIT_VERSION__: string;

/** The instrumentation scope of the spans and metrics. */
const SCOPE = '@mcpkit/otel';

/** Options of `otel()`. */
export interface OtelOptions {
  /** Where spans go; the global tracer provider by default. */
  tracerProvider?: TracerProvider;
  /** Where the duration histograms go; the global meter provider (at the first message) by default. */
  meterProvider?: MeterProvider;
  /** Record a tool call's arguments as `gen_ai.tool.call.arguments` (JSON). Off by default: they may be sensitive. */
  captureArguments?: boolean;
  /** Record a tool call's result as `gen_ai.tool.call.result` (JSON). Off by default: it may be sensitive. */
  captureResults?: boolean;
  /** Name resource spans `resources/read {uri}` rather than `resources/read`. Off by default: URIs are unbounded. */
  resourceUriInSpanName?: boolean;
  /**
   * `full` (default) records spans and metrics and propagates context; `propagation-only` only
   * carries the active context in `params._meta` and makes the received one active, for
   * applications that record their own spans.
   */
  mode?: 'full' | 'propagation-only';
}

/** A hook's `next`: runs the rest of the chain, with a rewritten context or the same one. */
export type OtelNext<C> = (ctx?: C) => Promise<unknown>;

/**
 * The hooks `otel()` returns, for `server.use()` and `client.use()` alike: `send` and `receive`
 * for every message of either side, `call` for a client's application calls.
 */
export interface OtelMiddleware {
  /** A CLIENT span for a request or notification this side sends; its context goes into `_meta`. */
  send<C extends MessageLike>(ctx: C, next: OtelNext<C>): Promise<unknown>;
  /** A SERVER span for a request or notification this side receives, its parent read from `_meta`. */
  receive<C extends MessageLike>(ctx: C, next: OtelNext<C>): Promise<unknown>;
  /** An INTERNAL span around a client call that may take several requests (input rounds, a task). */
  call<C extends CallLike, R>(call: C, next: (call: C) => Promise<R>): Promise<R>;
  /**
   * Records `mcp.client.session.duration` or `mcp.server.session.duration` for a session that
   * ended: the server calls it for a 2025-era session, the client when it closes or loses its server.
   */
  sessionEnded(session: SessionEndLike): void;
}

/**
 * OpenTelemetry for an MCP server or client, following the OpenTelemetry MCP semantic
 * conventions: spans named `{mcp.method.name} {target}`, the `mcp.*.operation.duration`
 * histograms, and W3C trace context carried in `params._meta`.
 *
 * @example
 * ```ts
 * import { otel } from '@mcpkit/otel';
 *
 * server.use(otel({ captureArguments: true }));
 * ```
 */
export function otel(options: OtelOptions = {}): OtelMiddleware {
  if (options.mode === 'propagation-only') {
    return {
      send: propagateSend,
      receive: propagateReceive,
      call: (call, next) => next(call),
      sessionEnded: () => {},
    };
  }
  const tracerProvider = options.tracerProvider ?? trace.getTracerProvider();
  const tracer = tracerProvider.getTracer(SCOPE, __MCPKIT_VERSION__);
  const tracing = tracingCheck(tracerProvider);
  let telemetry: Telemetry | undefined;
  // The meter is taken at the first message: the global provider is often registered after the
  // middleware is created, and a meter taken before then would stay a no-op.
  const resolve = (): Telemetry => {
    telemetry ??= new Telemetry({
      tracer,
      instruments: createInstruments(
        (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE, __MCPKIT_VERSION__),
      ),
      captureArguments: options.captureArguments === true,
      captureResults: options.captureResults === true,
      resourceUriInSpanName: options.resourceUriInSpanName === true,
    });
    return telemetry;
  };
  // With no SDK registered, the messages only carry whatever context there is: building spans and
  // metric points the no-op API would drop costs more than the call itself.
  const recording = (): Telemetry | undefined => {
    const current = resolve();
    return tracing() || current.recording.instruments.recording ? current : undefined;
  };
  const idle =
    options.tracerProvider === undefined && options.meterProvider === undefined ? nothingRegistered : never;
  return {
    send(ctx, next) {
      if (idle()) return next();
      const current = recording();
      return current === undefined ? propagateSend(ctx, next) : recordSend(current, ctx, next);
    },
    receive(ctx, next) {
      if (idle()) return next();
      const current = recording();
      return current === undefined ? propagateReceive(ctx, next) : recordReceive(current, ctx, next);
    },
    call(call, next) {
      return tracing() ? recordCall(resolve(), call, next) : next(call);
    },
    sessionEnded(session) {
      resolve().sessionEnded(session);
    },
  };
}

/**
 * Where every copy of `@opentelemetry/api` 1.x keeps what an application registers: the tracer and
 * meter providers, the context manager, the propagator (and the diagnostic logger). It is shared
 * between copies of the API through this key, so the key is stable for the whole 1.x line.
 */
const API_GLOBALS = Symbol.for('opentelemetry.js.api.1');

/**
 * Whether nothing of OpenTelemetry is registered yet: no provider records, the active context is
 * always the root one and no propagator writes or reads `_meta`, so a message passes as it is.
 * Checked on each message, as an SDK may register after `otel()` was created.
 */
function nothingRegistered(): boolean {
  return (globalThis as Record<symbol, unknown>)[API_GLOBALS] === undefined;
}

const never = (): boolean => false;

/** The no-op tracer provider of this copy of the API: what its proxy delegates to before an SDK registers. */
const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();

/**
 * Whether spans may be recorded now: always with a provider of one's own; with the global one, once
 * an SDK has registered behind its proxy (which may happen after `otel()` was created).
 */
function tracingCheck(provider: TracerProvider): () => boolean {
  if (!(provider instanceof ProxyTracerProvider)) return () => true;
  return () => provider.getDelegate() !== NOOP_TRACER_PROVIDER;
}
