// The tracing example's client: one "agent turn" span around a tool call to the server at argv[2].
import { McpClient } from '@mcpkit/client';
import { otel } from '@mcpkit/otel';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { trace } from '@opentelemetry/api';
import { startTracing } from './otel-tracing.js';

const stopTracing = startTracing('agent');
const url = process.argv[2] ?? 'http://127.0.0.1:3000/mcp';

// #region otel-client
const client = new McpClient(createHttpClientTransport(url), {
  clientInfo: { name: 'agent', version: '1.0.0' },
});
// A CLIENT span per request, its context in the request's _meta, so the server's spans join the agent's trace.
client.use(otel());

const tracer = trace.getTracer('agent');
await tracer.startActiveSpan('agent turn', async (turn) => {
  const result = await client.callTool('get_forecast', { city: 'Lisbon' });
  console.log(result.content, turn.spanContext().traceId);
  turn.end();
});
await client.close();
// #endregion otel-client
await stopTracing();
