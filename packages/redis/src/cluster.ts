import { hostname } from 'node:os';
import type { ReplayStore } from '@mcpkit/auth/server';
import type {
  AnswerRouter,
  EventBus,
  RequestStateKey,
  ServerEvent,
  SessionStore,
  TaskStore,
} from '@mcpkit/server';
import type { EventStore } from '@mcpkit/transport-http';
import { createClient, type RedisClientType } from 'redis';
import { RedisAnswerRouter } from './answer-router.js';
import { RedisEventBus } from './event-bus.js';
import { RedisEventStore, type RedisEventStoreOptions } from './event-store.js';
import { describeUrl, type RedisCommander, RedisLink } from './link.js';
import type { RedisSubscriber } from './pubsub.js';
import { type RedisReplayOptions, RedisReplayStore } from './replay-store.js';
import { type RedisSessionOptions, RedisSessionStore } from './session-store.js';
import { stateKeysFromEnv } from './state-keys.js';
import { RedisTaskRelay } from './task-relay.js';
import { RedisTaskStore, type RedisTaskStoreOptions } from './task-store.js';

/** The tasks options of a cluster: the store's limits, the lease, and the server's task settings. */
export interface RedisTasksOptions extends RedisTaskStoreOptions {
  /** How long a task is kept after it was created, in milliseconds; `null` = without limit. Default 1 hour. */
  ttlMs?: number | null;
  /** The poll interval suggested to clients, in milliseconds. Default 1000. */
  pollIntervalMs?: number;
  /**
   * How long an instance that stopped renewing its lease still counts as running its tasks; after
   * that, a request about one of its unfinished tasks marks it `failed`. Default 15,000 ms.
   */
  leaseMs?: number;
}

/** Options of `createRedisCluster`. */
export interface RedisClusterOptions {
  /** Where Redis is. Default `redis://127.0.0.1:6379`. */
  url?: string;
  /** Every key and channel starts with `<prefix>:`; instances of one server share it. Default `mcpkit`. */
  prefix?: string;
  /** This instance's name among those sharing Redis, stable across restarts. Default `<hostname>-<pid>`. */
  instanceId?: string;
  /** The `requestState` key ring every instance shares. Default `stateKeysFromEnv()` (env `MCPKIT_STATE_KEY`). */
  stateKeys?: readonly RequestStateKey[];
  /** 2025-era sessions: their idle TTL and caps over all instances. */
  sessions?: RedisSessionOptions;
  /** Turns the tasks extension on with tasks in Redis (`true` for the defaults). Default off. */
  tasks?: RedisTasksOptions | boolean;
  /** Resumable 2025 SSE streams (`cluster.http.eventStore`): their length and lifetime. */
  events?: RedisEventStoreOptions;
  /** DPoP proofs remembered once across instances (`cluster.replayStore`). */
  replay?: RedisReplayOptions;
  /** How long `createRedisCluster` waits for Redis before it rejects. Default 5,000 ms. */
  connectTimeoutMs?: number;
  /** How long one command may take before the request needing it fails with HTTP 503. Default 2,000 ms. */
  commandTimeoutMs?: number;
  /** Receives an event listener's failure and the clients' connection errors. Default: ignored (the stores report failures as 503s). */
  onError?: (error: unknown) => void;
}

/** What the server needs: spread into `new McpServer(info, { ...cluster.server })`. */
export interface RedisServerOptions {
  readonly eventBus: EventBus;
  /** 2025 sessions in Redis; a client's answers to the server's requests reach the instance that asked. */
  readonly legacy: { readonly sessionStore: SessionStore; readonly answerRouter: AnswerRouter };
  readonly requestState: { readonly keys: readonly RequestStateKey[] };
  readonly tasks?: {
    readonly store: TaskStore;
    readonly instanceId: string;
    ttlMs?: number | null;
    pollIntervalMs?: number;
  };
}

/** Everything many instances share, from `createRedisCluster`. */
export interface RedisCluster {
  /** Options of `McpServer`: the bus, the session store, the key ring, and tasks when asked for. */
  readonly server: RedisServerOptions;
  /** Options of transport-http's handler: `createFetchHandler(server, { ...cluster.http })`. */
  readonly http: { readonly eventStore: EventStore };
  /** auth's DPoP replay store: `tokenAuthenticator({ verifier, dpop: { replayStore } })`. */
  readonly replayStore: ReplayStore;
  /** The command connection (node-redis), for data of your own; keep it under `prefix`. */
  readonly client: RedisClientType;
  readonly prefix: string;
  readonly instanceId: string;
  /** Stops serving tasks, unsubscribes and closes the connections. */
  close(): Promise<void>;
}

async function connect(
  client: { connect(): Promise<unknown>; destroy(): void },
  where: string,
  timeoutMs: number,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`Redis at ${where} could not be reached within ${timeoutMs} ms; is it running?`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connects to Redis and returns what several instances of one server share: sessions, the event
 * bus, the `requestState` key ring, tasks (when asked for) and the DPoP replay store. Rejects when
 * Redis cannot be reached within `connectTimeoutMs`. A modern stateless request touches none of
 * it; when Redis goes down, requests that need it fail with HTTP 503 within `commandTimeoutMs`,
 * and work again once it is back.
 *
 * @example
 * ```ts
 * const cluster = await createRedisCluster({ url: process.env.REDIS_URL, prefix: 'weather' });
 * const server = new McpServer({ name: 'weather', version: '1.0.0' }, { ...cluster.server });
 * ```
 */
export async function createRedisCluster(options: RedisClusterOptions = {}): Promise<RedisCluster> {
  const url = options.url ?? 'redis://127.0.0.1:6379';
  const where = describeUrl(url);
  const prefix = options.prefix ?? 'mcpkit';
  const instanceId = options.instanceId ?? `${hostname()}-${process.pid}`;
  const keys = options.stateKeys ?? stateKeysFromEnv();
  const commandTimeoutMs = options.commandTimeoutMs ?? 2000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const onError = options.onError ?? (() => {});
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: Math.min(connectTimeoutMs, commandTimeoutMs),
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000),
    },
  });
  client.on('error', onError);
  await connect(client, where, connectTimeoutMs);
  const subscriber = client.duplicate();
  subscriber.on('error', onError);
  try {
    await connect(subscriber, where, connectTimeoutMs);
  } catch (error) {
    client.destroy();
    throw error;
  }
  const link = new RedisLink(client as unknown as RedisCommander, where, prefix, commandTimeoutMs);
  const pubsub = subscriber as unknown as RedisSubscriber;
  const bus = new RedisEventBus(link, (error: unknown, _event: ServerEvent) => onError(error));
  const sessionStore = new RedisSessionStore(link, instanceId, options.sessions, onError);
  await pubsub.subscribe(bus.channel, (message) => bus.deliver(message));
  await pubsub.subscribe(sessionStore.endedChannel, (notice) => sessionStore.ended(notice));
  await pubsub.subscribe(sessionStore.acksChannel, (key) => sessionStore.acknowledged(key));
  await pubsub.subscribe(sessionStore.changedChannel, (notice) => sessionStore.changed(notice));
  // Announcements sent while the subscriber was away are lost: what it cached may be stale.
  for (const event of ['error', 'reconnecting', 'ready', 'end'])
    subscriber.on(event, () => sessionStore.forgetCached());
  sessionStore.watch(() => subscriber.isReady);
  const answerRouter = new RedisAnswerRouter(link, pubsub, instanceId);
  await answerRouter.start();

  let relay: RedisTaskRelay | undefined;
  let tasks: RedisServerOptions['tasks'];
  if (options.tasks !== undefined && options.tasks !== false) {
    const given = options.tasks === true ? {} : options.tasks;
    relay = new RedisTaskRelay(link, pubsub, given.leaseMs ?? 15_000, commandTimeoutMs * 2);
    await relay.start();
    const store = new RedisTaskStore(link, given, relay);
    tasks = { store, instanceId, ttlMs: given.ttlMs, pollIntervalMs: given.pollIntervalMs };
    if (given.ttlMs === undefined) delete tasks.ttlMs;
    if (given.pollIntervalMs === undefined) delete tasks.pollIntervalMs;
  }
  const server: RedisServerOptions = {
    eventBus: bus,
    legacy: { sessionStore, answerRouter },
    requestState: { keys },
    ...(tasks === undefined ? {} : { tasks }),
  };
  let closing: Promise<void> | undefined;
  return {
    server,
    http: { eventStore: new RedisEventStore(link, options.events) },
    replayStore: new RedisReplayStore(link, options.replay),
    client,
    prefix,
    instanceId,
    close() {
      closing ??= (async () => {
        sessionStore.stop();
        await relay?.close();
        await Promise.allSettled([subscriber.quit(), client.quit()]);
      })();
      return closing;
    },
  };
}
