// The real OpenTelemetry SDK for tests: spans kept in memory, metrics read on demand, the
// AsyncLocalStorage context manager and the W3C propagators installed globally (once).
import { context, propagation } from '@opentelemetry/api';
import { AsyncHooksContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  type HistogramMetricData,
  MeterProvider,
  type MetricData,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

let installed = false;

/** Installs the context manager and the W3C trace-context and baggage propagators. */
export function installGlobals(): void {
  if (installed) return;
  installed = true;
  context.setGlobalContextManager(new AsyncHooksContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
}

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** A tracer provider and a meter provider of their own, and what they recorded. */
export class Recorder {
  readonly exporter = new InMemorySpanExporter();
  readonly tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(this.exporter)],
  });
  readonly reader = new TestReader();
  readonly meterProvider = new MeterProvider({ readers: [this.reader] });

  constructor() {
    installGlobals();
  }

  spans(): ReadableSpan[] {
    return this.exporter.getFinishedSpans();
  }

  /** The one finished span called `name`; fails when there are none or several. */
  span(name: string): ReadableSpan {
    const found = this.spans().filter((span) => span.name === name);
    if (found.length !== 1) {
      const names = this.spans().map((span) => `${span.name} (${span.kind})`);
      throw new Error(`${found.length} spans named ${name}; finished: ${names.join(', ')}`);
    }
    return found[0]!;
  }

  async metrics(): Promise<MetricData[]> {
    const { resourceMetrics, errors } = await this.reader.collect();
    if (errors.length > 0) throw errors[0];
    return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
  }

  async histogram(name: string): Promise<HistogramMetricData> {
    const metric = (await this.metrics()).find((data) => data.descriptor.name === name);
    if (metric === undefined) throw new Error(`No metric ${name}`);
    return metric as HistogramMetricData;
  }

  reset(): void {
    this.exporter.reset();
  }

  async shutdown(): Promise<void> {
    await this.tracerProvider.shutdown();
    await this.meterProvider.shutdown();
  }
}
