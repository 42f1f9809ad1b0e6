// mcpkit on Redis (@mcpkit/redis): the echo server with its stores in memory and on Redis, and two
// instances sharing one Redis for the listen fan-out.
import { randomBytes } from 'node:crypto';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { createRedisCluster } from '@mcpkit/redis';
import { requestMeta } from '../../lib/mcp-wire.mjs';
import { createEchoServer } from './server.mjs';

export const serverScript = new URL('./cluster-http-server.mjs', import.meta.url);

/** The shared `requestState` secret the server scripts read. */
export const stateKeyEnv = { MCPKIT_STATE_KEY: randomBytes(32).toString('hex') };

const URI = 'bench://fanout';

/**
 * Two instances on one Redis, each with its own connections: `publish()` announces an update on the
 * first, and resolves once a listen stream open on the second has it; `close()` ends both.
 */
export async function openFanout(url) {
  const clusters = await Promise.all(
    ['a', 'b'].map((instanceId) =>
      createRedisCluster({
        url,
        prefix: 'bench-fanout',
        instanceId,
        stateKeys: [{ id: 'bench', secret: randomBytes(32) }],
      }),
    ),
  );
  const [publisher, listener] = clusters.map((cluster) => {
    const server = createEchoServer(1, {
      ...cluster.server,
      capabilities: { resources: { subscribe: true } },
    });
    server.resource(URI, { name: 'fanout' }, async () => ({ contents: [{ uri: URI, text: '' }] }));
    return server;
  });
  const context = new LazyRequestContext({ transport: 'memory' });
  const listen = {
    jsonrpc: '2.0',
    id: 1,
    method: 'subscriptions/listen',
    params: { _meta: requestMeta, notifications: { resourceSubscriptions: [URI] } },
  };
  const items = listener.handle(listen, context)[Symbol.asyncIterator]();
  await items.next(); // the acknowledgement
  return {
    async publish() {
      const heard = items.next();
      await publisher.notifyResourceUpdated(URI);
      const next = await heard;
      if (next.done || next.value.method !== 'notifications/resources/updated') {
        throw new Error(`the listen stream got ${JSON.stringify(next.value)}`);
      }
    },
    async close() {
      context.abort();
      await items.return?.();
      await Promise.all([publisher.close(), listener.close()]);
      await Promise.all(clusters.map((cluster) => cluster.close()));
    },
  };
}
