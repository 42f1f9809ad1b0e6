// mcpkit with @mcpkit/otel: client and server in one process over the in-memory transport, with
// `otel()` on the server, on both sides, or on neither, and the OpenTelemetry SDK that records when asked.
import { otel } from '@mcpkit/otel';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { connectClient } from './client.mjs';
import { createEchoServer } from './server.mjs';

/** An exporter that takes every batch and keeps nothing: the cost measured is the SDK's, not a network's. */
const discard = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => {},
};

/** A reader that is never collected: the histograms aggregate in memory as between two exports. */
class IdleReader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}

/**
 * The SDK as an application registers it: the AsyncLocalStorage context manager, a tracer provider
 * with the batch span processor, a meter provider. Returns the `otel()` options that use it.
 */
export function startRecording() {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  return {
    tracerProvider: new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(discard)] }),
    meterProvider: new MeterProvider({ readers: [new IdleReader()] }),
  };
}

/**
 * `McpClient` over `createInMemoryTransport(server)`, with `otel(options)` when given: on the server
 * only (`sides: 'server'`), or on the client too (`'both'`).
 */
export function open(otelOptions, sides = 'server') {
  const server = createEchoServer(1);
  if (otelOptions !== undefined) server.use(otel(otelOptions));
  const clientHooks = otelOptions !== undefined && sides === 'both' ? otel(otelOptions) : undefined;
  return connectClient(createInMemoryTransport(server), clientHooks);
}
