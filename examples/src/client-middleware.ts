// Client middleware: a trace header on every call and a timing per method.
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { createWeatherServer } from './weather-server.js';

const durations = new Map<string, number>();
const metrics = { record: (method: string, ms: number) => durations.set(method, ms) };
const currentTrace = () => '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const client = new McpClient(createInMemoryTransport(createWeatherServer()));

// #region middleware
client.use(async (call, next) => {
  const started = performance.now();
  try {
    return await next({ ...call, options: { ...call.options, meta: { traceparent: currentTrace() } } });
  } finally {
    metrics.record(call.method, performance.now() - started);
  }
});
// #endregion middleware

/** Calls the weather tool through the middleware; returns the methods it timed. */
export async function timedCalls(): Promise<string[]> {
  await client.connect();
  await client.callTool('get_weather', { city: 'Rome' });
  await client.close();
  return [...durations.keys()];
}
