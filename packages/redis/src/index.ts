export {
  createRedisCluster,
  type RedisCluster,
  type RedisClusterOptions,
  type RedisServerOptions,
  type RedisTasksOptions,
} from './cluster.js';
export type { RedisEventStoreOptions } from './event-store.js';
export type { RedisReplayOptions } from './replay-store.js';
export type { RedisSessionOptions } from './session-store.js';
export { stateKeysFromEnv } from './state-keys.js';
export type { RedisTaskStoreOptions } from './task-store.js';
