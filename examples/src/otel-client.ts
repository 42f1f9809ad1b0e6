// The tracing example's client: one "agent turn" span around a tool call to the server at argv[2].
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { context, propagation, trace } from '@opentelemetry/api';
import { startTracing } from './otel-tracing.js';

const stopTracing = startTracing('agent');
const url = process.argv[2] ?? 'http://127.0.0.1:3000/mcp';

// #region otel-client
const client = new McpClient(createHttpClientTransport(url), {
  clientInfo: { name: 'agent', version: '1.0.0' },
});
// The client's calls carry the active context in their _meta, so the server's spans join the agent's trace.
client.use((call, next) => {
  const carried: Record<string, string> = {};
  propagation.inject(context.active(), carried);
  return next({ ...call, options: { ...call.options, meta: { ...call.options.meta, ...carried } } });
});

const tracer = trace.getTracer('agent');
await tracer.startActiveSpan('agent turn', async (turn) => {
  const result = await client.callTool('get_forecast', { city: 'Lisbon' });
  console.log(result.content, turn.spanContext().traceId);
  turn.end();
});
await client.close();
// #endregion otel-client
await stopTracing();
