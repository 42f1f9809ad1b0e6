import type { AuthInfo, DetailedTask, TaskMethod } from '@mcpkit/protocol';
import { ErrorCode, isTerminalTaskStatus, McpError } from '@mcpkit/protocol/internal';
import type { ToolCallSetup } from '../extensions/extension.js';
import { ExtensionResult } from '../extensions/extension-result.js';
import type { InputScope } from '../input/scope.js';
import { BACKGROUND, type ServerErrorHandler } from '../pipeline/error-report.js';
import { LiveTask, type TaskHost } from './live-task.js';
import type { TaskWork } from './task-context.js';
import {
  InMemoryTaskStore,
  type TaskForward,
  type TaskRecord,
  type TaskRunner,
  type TaskStore,
} from './task-store.js';

/** Who asks for what of a task: what `TasksOptions.authorize` decides on. */
export interface TaskAccess {
  readonly taskId: string;
  /** `auth.principal` of the request that created the task. */
  readonly owner: string | undefined;
  readonly method: TaskMethod | 'subscriptions/listen';
  /** The asking request's authentication, from the transport. */
  readonly auth: AuthInfo | undefined;
}

/** The tasks extension's options (`ServerOptions.tasks`); giving them turns the extension on. */
export interface TasksOptions {
  /** Where tasks live. Default: a new `InMemoryTaskStore`. */
  store?: TaskStore;
  /** How long a task is kept after it was created, in milliseconds; `null` = without limit. Default 1 hour. */
  ttlMs?: number | null;
  /** The poll interval suggested to clients, in milliseconds. Default 1000. */
  pollIntervalMs?: number;
  /**
   * Names this server among those sharing `store`; keep it the same across restarts. A task's work
   * runs in the server that created it and dies with it: when a server finds a task that a
   * previous start of the same `instanceId` left `working` or `input_required`, it marks the task
   * `failed` with a `-32603` error saying the server restarted, rather than leaving it unfinished
   * until it expires. Tasks of other instances are left alone. Default `"default"`: right for one
   * instance; give each of several instances its own stable name.
   */
  instanceId?: string;
  /**
   * Decides every task request (`tasks/get`, `tasks/update`, `tasks/cancel`, and task ids in a
   * `subscriptions/listen` filter; X-18). A refused request gets the same `-32602` as an unknown
   * task, so nobody learns which ids exist. Default: the caller's `auth.principal` must be the
   * creator's (both absent counts as the same: then the unguessable id is the only key).
   */
  authorize?: (access: TaskAccess) => boolean | Promise<boolean>;
}

const DEFAULT_TTL_MS = 3_600_000;
const DEFAULT_POLL_INTERVAL_MS = 1000;

function sameOwner(access: TaskAccess): boolean {
  return access.owner === access.auth?.principal;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`tasks.${name} must be a positive integer of milliseconds, got ${value}`);
  }
  return value;
}

/** What a task whose work was lost in a restart fails with. */
const RESTARTED_MESSAGE = 'The server restarted before the task finished; its work was lost';
/** What a task fails with when the instance that ran it stopped (a shared store's relay tells). */
const STOPPED_MESSAGE = 'The server instance that ran the task stopped before it finished; its work was lost';

const notFound = () => McpError.invalidParams('Failed to retrieve task: Task not found');
const expired = () => McpError.invalidParams('Failed to retrieve task: Task has expired');

/**
 * The tasks of one server: creates them, runs their work, and serves `tasks/get`, `tasks/update`
 * and `tasks/cancel` with the errors SEP-2663 names: `-32602` for an unknown, expired or
 * refused task id.
 */
export class TaskEngine implements TaskHost {
  readonly store: TaskStore;
  private readonly ttlMs: number | null;
  private readonly pollIntervalMs: number;
  private readonly authorize: (access: TaskAccess) => boolean | Promise<boolean>;
  private readonly live = new Map<string, LiveTask>();
  private readonly instanceId: string;
  private started: TaskRunner | undefined;

  constructor(
    options: TasksOptions,
    private readonly publish: (task: DetailedTask) => Promise<void>,
    private readonly onError: ServerErrorHandler,
  ) {
    this.store = options.store ?? new InMemoryTaskStore();
    const ttl = options.ttlMs === undefined ? DEFAULT_TTL_MS : options.ttlMs;
    this.ttlMs = ttl === null ? null : positiveInteger('ttlMs', ttl);
    this.pollIntervalMs = positiveInteger(
      'pollIntervalMs',
      options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    );
    this.authorize = options.authorize ?? sameOwner;
    this.instanceId = options.instanceId ?? 'default';
    // A relay must listen before this server's first task exists, so it takes the runner now.
    this.store.relay?.serve(this.runner, (taskId, request) => this.deliver(taskId, request));
  }

  /**
   * Written into every task this server creates, so a later start can tell its tasks were lost.
   * Without a relay its start id is drawn at first use, not when the server is built: Cloudflare
   * Workers refuse random values in a module's global scope, where a server is usually built.
   */
  private get runner(): TaskRunner {
    this.started ??= { instanceId: this.instanceId, startId: crypto.randomUUID() };
    return this.started;
  }

  /** A request for a task this server runs, from another instance (`TaskStore.relay`). */
  private async deliver(taskId: string, request: TaskForward): Promise<void> {
    const live = this.live.get(taskId);
    if (live === undefined) return;
    if (request.kind === 'cancel') await live.cancel();
    else await live.answer(request.responses);
  }

  /** Hands `request` to the work of `record`'s task, here or, through the store's relay, where it runs. */
  private async reach(record: TaskRecord, request: TaskForward): Promise<void> {
    const taskId = record.task.taskId;
    const relay = this.store.relay;
    if (this.live.has(taskId) || relay === undefined || !this.elsewhere(record)) {
      return this.deliver(taskId, request);
    }
    if (!(await relay.forward(record.runner, taskId, request))) await this.failLost(record, STOPPED_MESSAGE);
  }

  /** Whether `record`'s task is unfinished and another server start runs it. */
  private elsewhere(record: TaskRecord): boolean {
    return !isTerminalTaskStatus(record.task.status) && record.runner?.startId !== this.runner.startId;
  }

  now(): number {
    return Date.now();
  }

  /**
   * Creates a task for `origin`'s `tools/call` (`call`), waits until the store holds it (X-11),
   * starts `work` and returns the `CreateTaskResult`.
   */
  async launch(origin: InputScope, call: ToolCallSetup, work: TaskWork<unknown>): Promise<ExtensionResult> {
    const now = this.now();
    const at = new Date(now).toISOString();
    const task: DetailedTask = {
      taskId: crypto.randomUUID(),
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: this.ttlMs,
      pollIntervalMs: this.pollIntervalMs,
    };
    const record: TaskRecord = {
      task,
      owner: origin.auth?.principal,
      expiresAt: this.ttlMs === null ? null : now + this.ttlMs,
      runner: this.runner,
      tool: call.tool,
    };
    await this.store.create(record);
    const live = new LiveTask(this, record, origin);
    this.live.set(task.taskId, live);
    live.start(call, work);
    return new ExtensionResult({ resultType: 'task', ...task });
  }

  async save(record: TaskRecord): Promise<void> {
    try {
      await this.store.put(record);
      await this.publish(record.task);
    } catch (error) {
      this.onError(error, BACKGROUND);
      throw error;
    }
  }

  report(error: unknown, tool: string): void {
    this.onError(error, { level: 'error', method: 'tools/call', tool });
  }

  ended(taskId: string): void {
    this.live.delete(taskId);
  }

  /** `tasks/get`: the task as it is now. */
  async get(taskId: string, auth: AuthInfo | undefined): Promise<Record<string, unknown>> {
    const record = await this.find(taskId, 'tasks/get', auth);
    return { resultType: 'complete', ...record.task };
  }

  /** `tasks/update`: hands the answers to the running work; resolves once they show. */
  async update(
    taskId: string,
    responses: Record<string, unknown>,
    auth: AuthInfo | undefined,
  ): Promise<Record<string, unknown>> {
    const record = await this.find(taskId, 'tasks/update', auth);
    await this.reach(record, { kind: 'update', responses });
    return { resultType: 'complete' };
  }

  /**
   * `tasks/cancel`: a running task's work sees its signal abort and the task is `cancelled`;
   * a task that already ended stays as it is. Acknowledged either way, as is a task another
   * instance runs when the store has no relay to reach it: its work cannot be reached from here
   * (requests are routed by `Mcp-Name`, X-16), and writing `cancelled` over it would be
   * overwritten when that work moves on.
   */
  async cancel(taskId: string, auth: AuthInfo | undefined): Promise<Record<string, unknown>> {
    const record = await this.find(taskId, 'tasks/cancel', auth);
    await this.reach(record, { kind: 'cancel' });
    return { resultType: 'complete' };
  }

  /** The ids in `taskIds` the caller may hear about on a listen stream. */
  async visible(taskIds: readonly string[], auth: AuthInfo | undefined): Promise<string[]> {
    const unique = [...new Set(taskIds)];
    const allowed = await Promise.all(
      unique.map((id) =>
        this.find(id, 'subscriptions/listen', auth).then(
          () => true,
          () => false,
        ),
      ),
    );
    return unique.filter((_, i) => allowed[i]);
  }

  /**
   * The tool whose call made task `taskId`, when the task exists, has not expired and the caller
   * may see it for `method`; `undefined` otherwise (the request itself then fails as it would).
   */
  async toolOf(
    taskId: string,
    method: TaskAccess['method'],
    auth: AuthInfo | undefined,
  ): Promise<string | undefined> {
    const record = await this.store.get(taskId);
    if (record === undefined || (record.expiresAt !== null && record.expiresAt <= this.now()))
      return undefined;
    return (await this.authorize({ taskId, owner: record.owner, method, auth })) ? record.tool : undefined;
  }

  /** The task named, if it exists, has not expired and the caller may see it; `-32602` otherwise. */
  private async find(
    taskId: string,
    method: TaskAccess['method'],
    auth: AuthInfo | undefined,
  ): Promise<TaskRecord> {
    const record = await this.store.get(taskId);
    if (!record) throw notFound();
    if (!(await this.authorize({ taskId, owner: record.owner, method, auth }))) throw notFound();
    if (record.expiresAt !== null && record.expiresAt <= this.now()) {
      this.live.get(taskId)?.abandon();
      await this.store.delete(taskId);
      throw expired();
    }
    if (this.lostInRestart(record)) return this.failLost(record, RESTARTED_MESSAGE);
    const relay = this.store.relay;
    if (relay !== undefined && this.elsewhere(record) && !(await relay.alive(record.runner))) {
      return this.failLost(record, STOPPED_MESSAGE);
    }
    return record;
  }

  /** Whether `record` is unfinished work of an earlier start of this instance, which no process runs now. */
  private lostInRestart(record: TaskRecord): boolean {
    const { runner } = record;
    return (
      !isTerminalTaskStatus(record.task.status) &&
      runner?.instanceId === this.runner.instanceId &&
      runner.startId !== this.runner.startId
    );
  }

  /** Records that the work of `record`'s task was lost: `failed`, with an internal error saying why. */
  private async failLost(record: TaskRecord, message: string): Promise<TaskRecord> {
    const { inputRequests: _shown, ...rest } = record.task as DetailedTask & { inputRequests?: unknown };
    const task = {
      ...rest,
      status: 'failed',
      statusMessage: message,
      error: { code: ErrorCode.InternalError, message },
      lastUpdatedAt: new Date(this.now()).toISOString(),
    } as DetailedTask;
    const failed = { ...record, task };
    await this.save(failed);
    return failed;
  }
}
