import type { DetailedTask } from '@mcpkit/protocol';
import { McpError } from '@mcpkit/protocol/internal';

/** What a server keeps of one task: its state as `tasks/get` shows it, who made it and with which tool, when it ends. */
export interface TaskRecord {
  /** The task as `tasks/get` returns it (without `resultType`). Treat it as read-only. */
  readonly task: DetailedTask;
  /** `auth.principal` of the request that created the task; `undefined` without authentication. */
  readonly owner: string | undefined;
  /** When the task may be forgotten, in milliseconds since the epoch; `null` = never. */
  readonly expiresAt: number | null;
  /** Which server runs the task's work: see `TasksOptions.instanceId`. */
  readonly runner: TaskRunner;
  /**
   * The name of the tool whose call made the task: a request about the task needs that tool's
   * scopes (`McpServer.taskScopes`). Absent in records written before it was kept.
   */
  readonly tool?: string;
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
 *   the server answers `CreateTaskResult` right after); it rejects when the store is full or
 *   the record's `owner` holds as many tasks as it may (count `owner` in the shared store, so every
 *   instance sees the same quota), and the tool call then fails with that error;
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
  /**
   * For a store shared by several instances: carries `tasks/cancel` and `tasks/update` to the
   * instance that runs a task's work, and tells whether that instance is still alive. Without it,
   * a task's requests must reach the instance that made it (route by `Mcp-Name`).
   */
  readonly relay?: TaskRelay;
}

/** What `tasks/cancel` or `tasks/update` asks of a task's running work. */
export type TaskForward =
  | { readonly kind: 'cancel' }
  | { readonly kind: 'update'; readonly responses: Record<string, unknown> };

/**
 * How a shared `TaskStore` reaches the work of tasks that run in other instances (`TaskStore.relay`).
 */
export interface TaskRelay {
  /**
   * Called once by each server: hands requests for the tasks `runner` runs to `deliver`, and keeps
   * `runner` known alive while it serves. Returns the function that stops it.
   */
  serve(runner: TaskRunner, deliver: (taskId: string, request: TaskForward) => Promise<void>): () => void;
  /**
   * Sends `request` to `runner`'s `deliver`; resolves `true` once it ran there, `false` when no
   * instance serves `runner` any more (its work is lost), and rejects with what `deliver` threw.
   */
  forward(runner: TaskRunner, taskId: string, request: TaskForward): Promise<boolean>;
  /** Whether `runner` still serves. */
  alive(runner: TaskRunner): Promise<boolean>;
}

/** Options of `InMemoryTaskStore`. */
export interface InMemoryTaskStoreOptions {
  /** The most tasks kept; creating one more first drops expired ones, then fails. Default 10,000. */
  maxTasks?: number;
  /**
   * The most tasks kept for one owner (`TaskRecord.owner`, the creator's `auth.principal`), so one
   * caller cannot fill the store for everyone; tasks created without a principal count only towards
   * `maxTasks`. Default 1,000.
   */
  maxTasksPerPrincipal?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/** A task refused by a full store: HTTP 503, with a message the caller can act on. */
function refused(message: string): McpError {
  return new McpError(-32603, message, undefined, { reason: 'overloaded' });
}

/**
 * A `TaskStore` in this process's memory: right for one instance. Expired tasks are dropped as new
 * ones come.
 *
 * @example
 * ```ts
 * const server = new McpServer(info, { tasks: { store: new InMemoryTaskStore({ maxTasksPerPrincipal: 50 }) } });
 * ```
 */
export class InMemoryTaskStore implements TaskStore {
  private readonly records = new Map<string, TaskRecord>();
  /** Tasks held of each owner that has some. */
  private readonly perOwner = new Map<string, number>();
  private readonly maxTasks: number;
  private readonly maxPerPrincipal: number;
  private readonly now: () => number;

  constructor(options: InMemoryTaskStoreOptions = {}) {
    this.maxTasks = positive('maxTasks', options.maxTasks ?? 10_000);
    this.maxPerPrincipal = positive('maxTasksPerPrincipal', options.maxTasksPerPrincipal ?? 1000);
    this.now = options.now ?? Date.now;
  }

  /** How many tasks are held, expired ones not yet dropped included. */
  get size(): number {
    return this.records.size;
  }

  async create(record: TaskRecord): Promise<void> {
    const { owner } = record;
    const ofOwner = () => (owner === undefined ? 0 : (this.perOwner.get(owner) ?? 0));
    if (this.records.size >= this.maxTasks || ofOwner() >= this.maxPerPrincipal) this.dropExpired();
    if (this.records.size >= this.maxTasks) {
      throw refused(`The server holds its most tasks (${this.maxTasks}); try again later`);
    }
    const held = ofOwner();
    if (held >= this.maxPerPrincipal) {
      throw refused(
        `You hold the most tasks one caller may (${this.maxPerPrincipal}); a task counts until it expires, try again later`,
      );
    }
    this.records.set(record.task.taskId, record);
    if (owner !== undefined) this.perOwner.set(owner, held + 1);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.records.get(taskId);
  }

  async put(record: TaskRecord): Promise<void> {
    const { owner } = record;
    // A record dropped as expired while its task still ran comes back: count it again.
    if (!this.records.has(record.task.taskId) && owner !== undefined) {
      this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
    }
    this.records.set(record.task.taskId, record);
  }

  async delete(taskId: string): Promise<void> {
    const record = this.records.get(taskId);
    if (record !== undefined) this.forget(record);
  }

  private forget(record: TaskRecord): void {
    this.records.delete(record.task.taskId);
    const { owner } = record;
    if (owner === undefined) return;
    const left = (this.perOwner.get(owner) ?? 1) - 1;
    if (left === 0) this.perOwner.delete(owner);
    else this.perOwner.set(owner, left);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const record of this.records.values()) {
      if (record.expiresAt !== null && record.expiresAt <= now) this.forget(record);
    }
  }
}
