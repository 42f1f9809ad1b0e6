// Run by sdk3.test.ts on Node 22 with OpenTelemetry JS 3.x (this folder's node_modules): a client's
// send hook and a server's receive hook of @mcpkit/otel around one tools/call, and what the SDK
// recorded, printed as JSON. `argv[2]` is the built @mcpkit/otel copied beside this folder's
// node_modules, so that it resolves the 3.x SDK's API.
import { context, propagation, SpanKind } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

const { otel } = await import(process.argv[2]);

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(
  new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
);
const exporter = new InMemorySpanExporter();
const processor = new SimpleSpanProcessor({ exporter });
const tracerProvider = new TracerProvider({ spanProcessors: [processor] });
class Reader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}
const reader = new Reader();
const meterProvider = new MeterProvider({ readers: [reader] });

const clientSide = otel({ tracerProvider, meterProvider });
const serverSide = otel({ tracerProvider, meterProvider });
const message = (side, params) => ({
  side,
  kind: 'request',
  method: 'tools/call',
  params,
  id: 7,
  protocolVersion: '2026-07-28',
  sessionId: undefined,
  network: { transport: 'pipe' },
});

const result = await clientSide.send(message('client', { name: 'echo', arguments: {} }), (sent) =>
  serverSide.receive(message('server', sent.params), async () => ({ content: [], isError: true })),
);

// In 3.x SimpleSpanProcessor takes options and exports asynchronously.
await processor.forceFlush();
const spans = exporter.getFinishedSpans().map((span) => ({
  name: span.name,
  kind: span.kind === SpanKind.CLIENT ? 'CLIENT' : span.kind === SpanKind.SERVER ? 'SERVER' : span.kind,
  traceId: span.spanContext().traceId,
  spanId: span.spanContext().spanId,
  parentSpanId: span.parentSpanContext?.spanId,
  status: span.status.code,
  attributes: span.attributes,
}));
const { resourceMetrics } = await reader.collect();
const metrics = resourceMetrics.scopeMetrics
  .flatMap((scope) => scope.metrics)
  .map((metric) => ({
    name: metric.descriptor.name,
    unit: metric.descriptor.unit,
    attributes: metric.dataPoints.map((point) => point.attributes),
  }));
process.stdout.write(JSON.stringify({ node: process.version, result, spans, metrics }));
