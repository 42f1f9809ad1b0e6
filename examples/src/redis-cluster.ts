// One of several instances behind a load balancer: sessions, events, tasks, the requestState keys
// and DPoP replays shared through Redis. Every instance runs this with the same REDIS_URL and
// MCPKIT_STATE_KEY (64 hex characters: openssl rand -hex 32).
// #region redis-cluster
import { createRedisCluster } from '@mcpkit/redis';
import { McpServer } from '@mcpkit/server';
import { serveHttp } from '@mcpkit/transport-http/node';

export async function startInstance(redisUrl: string, port = 0) {
  const cluster = await createRedisCluster({ url: redisUrl, prefix: 'weather', tasks: true });
  const server = new McpServer({ name: 'weather', version: '1.0.0' }, { ...cluster.server });
  server.tool('whoami', {}, async () => ({ content: [{ type: 'text', text: `pid ${process.pid}` }] }));
  const http = await serveHttp(server, { port, ...cluster.http });
  return {
    url: http.url,
    close: async () => {
      await http.close();
      await cluster.close();
    },
  };
}
// #endregion redis-cluster
