// The OpenTelemetry SDK of the tracing example: spans batched to an OTLP/HTTP endpoint.
// #region otel-sdk
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Registers a tracer provider that batches this process's spans to OTLP/HTTP: to
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (default `http://localhost:4318`) + `/v1/traces`. Returns its shutdown,
 * which sends what is still buffered.
 */
export function startTracing(serviceName: string): () => Promise<void> {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  return () => provider.shutdown();
}
// #endregion otel-sdk
