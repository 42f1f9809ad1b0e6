// The tracing example's server: an MCP server over HTTP whose tool calls a weather API over HTTP,
// each hop a span of one trace. Prints its URL; `node dist/otel-client.js <url>` calls it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { otel } from '@mcpkit/otel';
import { McpServer } from '@mcpkit/server';
import { serveHttp } from '@mcpkit/transport-http/node';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import * as z from 'zod';
import { startTracing } from './otel-tracing.js';

const stopTracing = startTracing('weather-server');
const tracer = trace.getTracer('weather-example');

/** A stand-in for a weather API, traced as an HTTP server would be: its parent comes from the headers. */
const api = createServer((request, response) => {
  const parent = propagation.extract(context.active(), request.headers);
  const span = tracer.startSpan('GET /forecast', { kind: SpanKind.SERVER }, parent);
  setTimeout(() => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ forecast: 'sunny' }));
    span.end();
  }, 20);
});
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/forecast`;

// #region otel-server
const server = new McpServer({ name: 'weather', version: '1.0.0' });
server.use(otel());
server.tool(
  'get_forecast',
  { description: 'Forecast for a city', inputSchema: z.object({ city: z.string() }) },
  async ({ city }) => {
    // A call the tool makes is a child of the tools/call SERVER span, which is the active one here.
    const span = tracer.startSpan('GET', {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': 'GET', 'url.full': apiUrl },
    });
    const headers: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), headers);
    try {
      const response = await fetch(`${apiUrl}?city=${encodeURIComponent(city)}`, { headers });
      span.setAttribute('http.response.status_code', response.status);
      const { forecast } = (await response.json()) as { forecast: string };
      return { content: [{ type: 'text', text: `${city}: ${forecast}` }] };
    } finally {
      span.end();
    }
  },
);
// #endregion otel-server

const http = await serveHttp(server, { port: Number(process.env.PORT ?? 0) });
console.log(http.url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([http.close(), new Promise((resolve) => api.close(resolve))]).then(stopTracing);
  });
}
