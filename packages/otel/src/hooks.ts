// The three hooks of `otel()`: `send` (a CLIENT span for each request and notification a side
// sends), `receive` (a SERVER span for each it receives) and `call` (an INTERNAL span around an
// application's call on the client, the parent of all its requests).
import { context, type Link, SpanKind, trace } from '@opentelemetry/api';
import { type CallLike, factsOf, type MessageLike } from './message.js';
import { extractMeta, injectMeta } from './meta-carrier.js';
import { callAttributes, outcomeOfError, outcomeOfResult, spanAttributes, spanNameOf } from './semconv.js';
import type { Telemetry } from './telemetry.js';

/** A hook's `next`: runs the rest of the chain, with a rewritten context or the same one. */
type Next<C> = (ctx?: C) => Promise<unknown>;

function withParams<C extends MessageLike>(message: C, params: Readonly<Record<string, unknown>>): C {
  return params === message.params ? message : ({ ...message, params } as C);
}

/** Propagation only: the active context goes into `_meta`, and nothing is recorded. */
export function propagateSend<C extends MessageLike>(message: C, next: Next<C>): Promise<unknown> {
  return next(withParams(message, injectMeta(context.active(), message.params)));
}

/** Propagation only: the context in `_meta` becomes the active one while the message is handled. */
export function propagateReceive<C extends MessageLike>(message: C, next: Next<C>): Promise<unknown> {
  return context.with(extractMeta(context.active(), message.params), next);
}

/**
 * The CLIENT span of a message this side sends, its context injected into the message's
 * `_meta`. `next` runs synchronously, so notifications keep their order.
 */
export function recordSend<C extends MessageLike>(
  telemetry: Telemetry,
  message: C,
  next: Next<C>,
): Promise<unknown> {
  const { tracer, resourceUriInSpanName } = telemetry.recording;
  const facts = factsOf(message, 'client');
  const parent = context.active();
  const span = tracer.startSpan(
    spanNameOf(message.method, message.params, resourceUriInSpanName),
    {
      kind: SpanKind.CLIENT,
      attributes: spanAttributes(facts, 'client'),
      links: telemetry.tasks.linksTo(message.taskId),
    },
    parent,
  );
  telemetry.captureArguments(span, facts);
  const active = trace.setSpan(parent, span);
  const started = performance.now();
  return context.with(active, next, undefined, withParams(message, injectMeta(active, message.params))).then(
    (result) => {
      telemetry.tasks.remember(result, span.spanContext());
      telemetry.succeed(span, facts, 'client', started, result);
      return result;
    },
    (error: unknown) => {
      telemetry.fail(span, facts, 'client', started, error);
      throw error;
    },
  );
}

/**
 * The SERVER span of a message this side receives. Its parent is the context the sender put in
 * `_meta`; the ambient context (an HTTP server span, say) becomes a link when it is another one.
 */
export function recordReceive<C extends MessageLike>(
  telemetry: Telemetry,
  message: C,
  next: Next<C>,
): Promise<unknown> {
  const { tracer, resourceUriInSpanName } = telemetry.recording;
  const facts = factsOf(message, 'server');
  const ambient = context.active();
  const parent = extractMeta(ambient, message.params);
  const links: Link[] = telemetry.tasks.linksTo(message.taskId) ?? [];
  const ambientSpan = trace.getSpan(ambient)?.spanContext();
  if (parent !== ambient && ambientSpan !== undefined && trace.isSpanContextValid(ambientSpan))
    links.push({ context: ambientSpan });
  const span = tracer.startSpan(
    spanNameOf(message.method, message.params, resourceUriInSpanName),
    { kind: SpanKind.SERVER, attributes: spanAttributes(facts, 'server'), links },
    parent,
  );
  telemetry.captureArguments(span, facts);
  const started = performance.now();
  return context.with(trace.setSpan(parent, span), next).then(
    (result) => {
      telemetry.tasks.remember(result, span.spanContext());
      telemetry.succeed(span, facts, 'server', started, result);
      return result;
    },
    (error: unknown) => {
      telemetry.fail(span, facts, 'server', started, error);
      throw error;
    },
  );
}

/** The application calls that may take several requests: input rounds (MRTR), a task's polls. */
const MULTI_REQUEST_CALLS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/**
 * The INTERNAL span of an application's call that may take several requests, the parent of the
 * CLIENT span of each. Other calls are one request each and get no span of their own.
 */
export function recordCall<C extends CallLike, R>(
  telemetry: Telemetry,
  call: C,
  next: (call: C) => Promise<R>,
): Promise<R> {
  if (!MULTI_REQUEST_CALLS.has(call.method)) return next(call);
  const { tracer, resourceUriInSpanName } = telemetry.recording;
  const parent = context.active();
  const span = tracer.startSpan(
    spanNameOf(call.method, call.params, resourceUriInSpanName),
    {
      kind: SpanKind.INTERNAL,
      attributes: callAttributes(call.method, call.params),
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), next, undefined, call).then(
    (result) => {
      const outcome = outcomeOfResult(call.method, result);
      if (outcome !== undefined) telemetry.markFailed(span, outcome);
      span.end();
      return result;
    },
    (error: unknown) => {
      telemetry.markFailed(span, outcomeOfError(error));
      span.end();
      throw error;
    },
  );
}
