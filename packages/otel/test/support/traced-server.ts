// A traced test server over stdio (a child process) or HTTP (this process), with its own recorder,
// a traced client of it (tracedPair), and what each recorded, as plain objects.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { followTasks, McpClient } from '@mcpkit/client';
import type { ClientTransport } from '@mcpkit/protocol';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { serveHttp } from '@mcpkit/transport-http/node';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { otel } from '../../src/otel.js';
// @ts-expect-error: a plain ES module fixture, without types
import { createTestServer } from '../fixtures/test-server.mjs';
import { Recorder } from './sdk.js';

/** A finished span, the same shape from either process. */
export interface SpanRecord {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  status: { code: number; message?: string };
  attributes: Record<string, unknown>;
  links: string[];
}

/** The points of one histogram: its unit and each point's attributes. */
export interface MetricRecord {
  name: string;
  unit: string;
  points: Record<string, unknown>[];
}

export interface Recorded {
  spans: SpanRecord[];
  metrics: MetricRecord[];
}

export type TransportKind = 'stdio' | 'http';
export type Era = 'modern' | 'legacy';

export interface TracedPair {
  client: McpClient;
  /** Closes both ends and returns what each recorded. */
  finish(): Promise<{ client: Recorded; server: Recorded }>;
}

function spanRecord(span: ReadableSpan): SpanRecord {
  return {
    name: span.name,
    kind: span.kind,
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    status: span.status,
    attributes: { ...span.attributes },
    links: span.links.map((link) => link.context.spanId),
  };
}

/** What `recorder` recorded, as plain objects. */
export async function recorded(recorder: Recorder): Promise<Recorded> {
  const metrics = (await recorder.metrics()).map((metric) => ({
    name: metric.descriptor.name,
    unit: metric.descriptor.unit,
    points: metric.dataPoints.map((point) => ({ ...point.attributes })),
  }));
  return { spans: recorder.spans().map(spanRecord), metrics };
}

/** A traced test server, the client transport that reaches it, and (after the client closed) what it recorded. */
export interface TracedServer {
  transport: ClientTransport;
  finish(): Promise<Recorded>;
}

/** The test server with `otel()` and its own recorder: a child process over stdio, or in this process over HTTP. */
export async function tracedServer(kind: TransportKind): Promise<TracedServer> {
  if (kind === 'stdio') {
    const output = join(mkdtempSync(join(tmpdir(), 'mcpkit-otel-')), 'server.json');
    const transport = createStdioClientTransport({
      command: process.execPath,
      args: [fileURLToPath(new URL('../fixtures/stdio-server.mjs', import.meta.url))],
      env: { ...process.env, OTEL_TEST_OUTPUT: output },
    });
    // The child writes what it recorded once its input ends, before it exits.
    return { transport, finish: () => readWhenWritten(output) };
  }
  const recorder = new Recorder();
  const { tracerProvider, meterProvider } = recorder;
  const server = createTestServer(otel({ tracerProvider, meterProvider }));
  const http = await serveHttp(server, { port: 0 });
  return {
    transport: createHttpClientTransport(http.url),
    async finish() {
      // Ends the listens still open (their streams' ends may not have reached the server yet).
      await server.close();
      await http.close();
      return recorded(recorder);
    },
  };
}

async function readWhenWritten(path: string): Promise<Recorded> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Recorded;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The stdio server wrote nothing to ${path}`);
}

const confirm = async () => ({ action: 'accept' as const, content: { yes: true } });

/** A client with `otel()` and its own recorder, talking to a traced test server over `transport`. */
export async function tracedPair(transport: TransportKind, era: Era): Promise<TracedPair> {
  const recorder = new Recorder();
  const { tracerProvider, meterProvider } = recorder;
  const server = await tracedServer(transport);
  const client = new McpClient(server.transport, {
    clientInfo: { name: 'traced-client', version: '1.0.0' },
    era,
    tasks: followTasks({ pollIntervalMs: 5 }),
    handlers: { elicitation: { form: confirm } },
  });
  client.use(otel({ tracerProvider, meterProvider }));
  return {
    client,
    async finish() {
      await client.close();
      return { client: await recorded(recorder), server: await server.finish() };
    },
  };
}
