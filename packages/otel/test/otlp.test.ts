// End to end over OTLP/HTTP: a client and a server, each exporting its spans with the OTLP/HTTP
// exporter as its own service, to a receiver in this test; the two sides of one call meet in one trace.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { serveHttp } from '@mcpkit/transport-http/node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { otel } from '../src/otel.js';
// @ts-expect-error: a plain ES module fixture, without types
import { createTestServer } from './fixtures/test-server.mjs';
import { installGlobals } from './support/sdk.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
interface Received extends OtlpSpan {
  service: string;
}

const received: Received[] = [];
let receiver: Server;
let endpoint: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      expect(request.url).toBe('/v1/traces');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const { resource, scopeSpans } of body.resourceSpans) {
        const service = resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const span of scopeSpans.flatMap((scope) => scope.spans)) received.push({ ...span, service });
      }
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

function exportingProvider(service: string): BasicTracerProvider {
  return new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: endpoint }))],
  });
}

it("the client's span and the server's span of one tools/call arrive in one trace, the server's the child", async () => {
  installGlobals();
  const agent = exportingProvider('agent');
  const weather = exportingProvider('weather-server');
  const http = await serveHttp(createTestServer(otel({ tracerProvider: weather })), { port: 0 });
  const client = new McpClient(createHttpClientTransport(http.url));
  // The client's side of the call: otel() records a CLIENT span per request and carries it in _meta.
  client.use(otel({ tracerProvider: agent }));
  await client.callTool('echo', { text: 'over OTLP' });
  await client.close();
  await http.close();
  await Promise.all([agent.forceFlush(), weather.forceFlush()]);

  const sent = received.find((span) => span.name === 'tools/call echo' && span.kind === 3)!;
  const served = received.find((span) => span.name === 'tools/call echo' && span.kind === 2)!;
  expect(sent.service).toBe('agent');
  expect(served.service).toBe('weather-server');
  expect(served.traceId).toBe(sent.traceId);
  expect(served.parentSpanId).toBe(sent.spanId);
  await Promise.all([agent.shutdown(), weather.shutdown()]);
});
