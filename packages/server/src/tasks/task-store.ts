import type { DetailedTask } from '@mcpkit/protocol';

/** What a server keeps of one task: its state as `tasks/get` shows it, who made it, when it ends. */
export interface TaskRecord {
  /** The task as `tasks/get` returns it (without `resultType`). Treat it as read-only. */
  readonly task: DetailedTask;
  /** `auth.principal` of the request that created the task; `undefined` without authentication. */
  readonly owner: string | undefined;
  /** When the task may be forgotten, in milliseconds since the epoch; `null` = never. */
  readonly expiresAt: number | null;
  /** Which server runs the task's work: see `TasksOptions.instanceId`. */
  readonly runner: TaskRunner;
}

/** The server instance a task's work runs in, and which start of that instance. */
export interface TaskRunner {
  /** `TasksOptions.instanceId` of the server that created the task. */
  readonly instanceId: string;
  /** A random id of that server object: a restarted instance has a new one. */
  readonly startId: string;
}

/**
 * Where tasks live between requests. Every method is async, so a database or a key-value store
 * fits; the default is `InMemoryTaskStore`.
 *
 * The contract:
 * - `create` resolves only once a `get` for the task, from any instance sharing the store, finds it
 *   the server answers `CreateTaskResult` right after);
 * - `put` replaces a task's record (the server writes one task's changes one at a time, in order);
 * - `get` returns `undefined` for an unknown task; an expired record may be returned or not (the
 *   server checks `expiresAt` itself and deletes what has expired);
 * - a store may drop records whose `expiresAt` has passed at any time.
 *
 * The running work of a task lives in the process that created it: answers (`tasks/update`) and
 * cancellation reach it there. Several instances share a store and route a task's requests to the
 * instance that made it by the `Mcp-Name` header, which carries the task id. When that
 * instance restarts (a new server with the same `instanceId` and store), the work is gone: the
 * first request that finds such a task marks it `failed` (see `TasksOptions.instanceId`).
 *
 * @example
 * ```ts
 * class RedisTaskStore implements TaskStore {
 *   async create(record: TaskRecord) { await redis.set(key(record), JSON.stringify(record)); }
 *   async get(taskId: string) { const text = await redis.get(`task:${taskId}`); return text ? JSON.parse(text) : undefined; }
 *   async put(record: TaskRecord) { await redis.set(key(record), JSON.stringify(record)); }
 *   async delete(taskId: string) { await redis.del(`task:${taskId}`); }
 * }
 * ```
 */
export interface TaskStore {
  create(record: TaskRecord): Promise<void>;
  get(taskId: string): Promise<TaskRecord | undefined>;
  put(record: TaskRecord): Promise<void>;
  delete(taskId: string): Promise<void>;
}

/** Options of `InMemoryTaskStore`. */
export interface InMemoryTaskStoreOptions {
  /** The most tasks kept; creating one more first drops expired ones, then fails. Default 10,000. */
  maxTasks?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** A `TaskStore` in this process's memory: right for one instance. Expired tasks are dropped as new ones come. */
export class InMemoryTaskStore implements TaskStore {
  private readonly records = new Map<string, TaskRecord>();
  private readonly maxTasks: number;
  private readonly now: () => number;

  constructor(options: InMemoryTaskStoreOptions = {}) {
    this.maxTasks = options.maxTasks ?? 10_000;
    this.now = options.now ?? Date.now;
    if (!Number.isInteger(this.maxTasks) || this.maxTasks < 1) {
      throw new RangeError(`maxTasks must be a positive integer, got ${this.maxTasks}`);
    }
  }

  /** How many tasks are held, expired ones not yet dropped included. */
  get size(): number {
    return this.records.size;
  }

  async create(record: TaskRecord): Promise<void> {
    if (this.records.size >= this.maxTasks) this.dropExpired();
    if (this.records.size >= this.maxTasks) {
      throw new Error(`The task store holds its maximum of ${this.maxTasks} tasks`);
    }
    this.records.set(record.task.taskId, record);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.records.get(taskId);
  }

  async put(record: TaskRecord): Promise<void> {
    this.records.set(record.task.taskId, record);
  }

  async delete(taskId: string): Promise<void> {
    this.records.delete(taskId);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, record] of this.records) {
      if (record.expiresAt !== null && record.expiresAt <= now) this.records.delete(id);
    }
  }
}
