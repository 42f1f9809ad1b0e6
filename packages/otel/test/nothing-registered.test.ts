// A file of its own: these tests need a process where nothing of OpenTelemetry was ever
// registered (the other files install a context manager and propagators).
import { context, ROOT_CONTEXT, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { MessageLike } from '../src/message.js';
import { otel } from '../src/otel.js';
import { message } from './support/messages.js';
import { installGlobals, Recorder } from './support/sdk.js';

const registry = () => (globalThis as Record<symbol, unknown>)[Symbol.for('opentelemetry.js.api.1')];

/** A tools/call whose `_meta` counts how often it is read. */
function watchedCall(): { sent: MessageLike; reads: () => number } {
  let reads = 0;
  const params = {
    name: 'echo',
    get _meta() {
      reads++;
      return { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    },
  };
  return { sent: message({ method: 'tools/call', params }), reads: () => reads };
}

// Created before anything registers, as an application may create it before starting its SDK.
const hooks = otel();

describe('with nothing of OpenTelemetry registered', () => {
  it('hands each message on untouched: no context handed on, _meta never read', async () => {
    expect(registry()).toBeUndefined();
    const { sent, reads } = watchedCall();
    const handed: unknown[][] = [];
    const next = async (...args: unknown[]) => {
      handed.push(args);
      return { content: [] };
    };
    await hooks.call({ method: 'tools/call', params: sent.params }, () => hooks.send(sent, next));
    await hooks.receive({ ...sent, side: 'server' }, next);
    expect(handed).toStrictEqual([[], []]);
    expect(reads()).toBe(0);
    expect(registry()).toBeUndefined();
  });
});

describe('registered after otel() was created', () => {
  it('a context manager and a propagator: the active context goes into _meta, with no tracer provider', async () => {
    installGlobals();
    const parent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
    });
    let meta: unknown;
    await context.with(parent, () =>
      hooks.send(message({ method: 'tools/call', params: { name: 'echo' } }), async (ctx) => {
        meta = ctx?.params._meta;
        return {};
      }),
    );
    expect(meta).toStrictEqual({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
  });

  it('a tracer provider: spans are recorded', async () => {
    const recorder = new Recorder();
    trace.setGlobalTracerProvider(recorder.tracerProvider);
    try {
      let meta: unknown;
      await hooks.send(message({ method: 'tools/call', params: { name: 'echo' } }), async (ctx) => {
        meta = ctx?.params._meta;
        return { content: [] };
      });
      const span = recorder.span('tools/call echo');
      expect(span.kind).toBe(SpanKind.CLIENT);
      const { traceId, spanId } = span.spanContext();
      expect(meta).toStrictEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    } finally {
      trace.disable();
    }
  });
});
