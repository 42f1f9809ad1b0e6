// One instance of the cluster demo: serves both eras over Streamable HTTP with everything shared
// through Redis, and prints `MCP_SERVER_URL=<url>` once ready.
import { createRedisCluster } from '@mcpkit/redis';
import { McpServer } from '@mcpkit/server';
import { serveHttp } from '@mcpkit/transport-http/node';
import { parseDemoArgs } from './args.js';
import { registerDemo } from './tools.js';

async function main(): Promise<void> {
  const { port, redis, name, prefix } = parseDemoArgs(process.argv.slice(2));
  console.error(`cluster-demo: ${name} connecting to Redis at ${redis}`);
  // Rejects, naming the URL, when Redis cannot be reached within 5 s; reads MCPKIT_STATE_KEY.
  const cluster = await createRedisCluster({ url: redis, prefix, instanceId: name, tasks: true });
  const server = new McpServer(
    { name: 'cluster-demo', version: '1.0.0' },
    { ...cluster.server, capabilities: { resources: { listChanged: true, subscribe: true } } },
  );
  const key = `${prefix}:counter`;
  registerDemo(server, name, {
    increment: async () => Number(await cluster.client.incr(key)),
    read: async () => Number((await cluster.client.get(key)) ?? 0),
  });
  // 2025 sessions: a request still running after 1 s has its SSE response ended, and the client
  // resumes it with Last-Event-ID, on whichever instance the balancer picks (cluster.http: the
  // event store on Redis Streams).
  const http = await serveHttp(server, { host: '127.0.0.1', port, pollAfterMs: 1000, ...cluster.http });
  const stop = async () => {
    await server.close();
    await http.close();
    await cluster.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`MCP_SERVER_URL=${http.url}\n`);
}

main().catch((error: unknown) => {
  console.error(`cluster-demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
