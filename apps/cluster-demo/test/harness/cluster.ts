import { Haproxy } from './haproxy.js';
import { type Instance, startInstance } from './instances.js';
import { RedisServer } from './redis.js';

/** Redis, three `cluster-demo` instances and HAProxy in front of them. */
export interface Cluster {
  readonly redis: RedisServer;
  readonly instances: readonly Instance[];
  readonly proxy: Haproxy;
  /** The balancer's MCP endpoint. */
  readonly url: string;
  stop(): Promise<void>;
}

export const NAMES = ['a', 'b', 'c'] as const;

export async function startCluster(prefix: string): Promise<Cluster> {
  const redis = await RedisServer.start();
  const started: Instance[] = [];
  let proxy: Haproxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(started.map((instance) => instance.child.stop('SIGKILL')));
    await redis.stop();
  };
  try {
    const instances = await Promise.all(
      NAMES.map(async (name) => {
        const instance = await startInstance(name, redis.url, ['--prefix', prefix]);
        started.push(instance);
        return instance;
      }),
    );
    proxy = await Haproxy.start(instances.map(({ name, port }) => ({ name, port })));
    return { redis, instances, proxy, url: proxy.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
