import { type Attributes, type Span, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Instruments } from './instruments.js';
import { type SessionEndLike, sessionFactsOf } from './message.js';
import { ATTR_GEN_AI_TOOL_CALL_ARGUMENTS, ATTR_GEN_AI_TOOL_CALL_RESULT } from './names.js';
import {
  metricAttributes,
  type OperationFacts,
  type Outcome,
  outcomeOfError,
  outcomeOfResult,
  type Role,
  sessionAttributes,
  setOutcome,
} from './semconv.js';
import { TaskLinks } from './task-links.js';

/** What `otel()` was asked to record, resolved once. */
export interface Recording {
  readonly tracer: Tracer;
  readonly instruments: Instruments;
  readonly captureArguments: boolean;
  readonly captureResults: boolean;
  readonly resourceUriInSpanName: boolean;
}

/** A JSON text of `value` for a span attribute (attributes hold no objects); undefined if it has none. */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The payload of a result without its `_meta`, as `gen_ai.tool.call.result` records it. */
function payloadOf(result: object): unknown {
  if (!('_meta' in result)) return result;
  const { _meta, ...payload } = result as Record<string, unknown>;
  return payload;
}

/** The spans and metric points of one `otel()`: shared by its hooks, on whichever side they run. */
export class Telemetry {
  readonly tasks = new TaskLinks();

  constructor(readonly recording: Recording) {}

  /** Adds the opt-in tool arguments to the span of a `tools/call`. */
  captureArguments(span: Span, facts: OperationFacts): void {
    if (!this.recording.captureArguments || facts.method !== 'tools/call') return;
    const text = jsonOf(facts.params?.arguments ?? {});
    if (text !== undefined) span.setAttribute(ATTR_GEN_AI_TOOL_CALL_ARGUMENTS, text);
  }

  /** Ends `span` for a result: `tool_error` for an `isError` tool result, the opt-in result otherwise. */
  succeed(span: Span, facts: OperationFacts, role: Role, started: number, result: unknown): void {
    const outcome = outcomeOfResult(facts.method, result);
    if (outcome === undefined) this.captureResult(span, facts, result);
    this.end(span, facts, role, started, outcome);
  }

  /** Ends `span` for a failure: a JSON-RPC error, a timeout, a transport failure. */
  fail(span: Span, facts: OperationFacts, role: Role, started: number, error: unknown): void {
    this.end(span, facts, role, started, outcomeOfError(error));
  }

  /** Records how long a session lasted, on the histogram of the side that held it. */
  sessionEnded(session: SessionEndLike): void {
    const { clientSession, serverSession, recording } = this.recording.instruments;
    if (!recording) return;
    const role = session.side;
    const outcome = session.error === undefined ? undefined : outcomeOfError(session.error);
    const seconds = Math.max(0, (session.endedAt ?? Date.now()) - session.openedAt) / 1000;
    (role === 'client' ? clientSession : serverSession).record(
      seconds,
      sessionAttributes(sessionFactsOf(session), role, outcome),
    );
  }

  private captureResult(span: Span, facts: OperationFacts, result: unknown): void {
    if (!this.recording.captureResults || facts.method !== 'tools/call') return;
    if (typeof result !== 'object' || result === null) return;
    const { resultType } = result as { resultType?: unknown };
    // An input_required round or a created task is not the tool's result.
    if (resultType !== undefined && resultType !== 'complete') return;
    const text = jsonOf(payloadOf(result));
    if (text !== undefined) span.setAttribute(ATTR_GEN_AI_TOOL_CALL_RESULT, text);
  }

  /** Sets `error.type` (and the JSON-RPC code) and the ERROR status on `span`. */
  markFailed(span: Span, outcome: Outcome): void {
    const attributes: Attributes = {};
    setOutcome(attributes, outcome);
    span.setAttributes(attributes);
    span.setStatus(
      outcome.message === undefined
        ? { code: SpanStatusCode.ERROR }
        : { code: SpanStatusCode.ERROR, message: outcome.message },
    );
  }

  private end(
    span: Span,
    facts: OperationFacts,
    role: Role,
    started: number,
    outcome: Outcome | undefined,
  ): void {
    if (outcome !== undefined) this.markFailed(span, outcome);
    span.end();
    const { clientOperation, serverOperation, recording } = this.recording.instruments;
    if (!recording) return;
    const seconds = (performance.now() - started) / 1000;
    (role === 'client' ? clientOperation : serverOperation).record(
      seconds,
      metricAttributes(facts, role, outcome),
    );
  }
}
