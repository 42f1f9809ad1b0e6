import type { CallToolResult, DetailedTask, InputRequests, Method, Task } from '@mcpkit/protocol';
import { ErrorCode, isTerminalTaskStatus, McpError, sleep } from '@mcpkit/protocol/internal';
import { type CallResult, CallState } from './call.js';
import type { Next, Step } from './call-chain.js';
import { InvalidResponseError, McpClientError, peerError, RequestAbortedError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import type { InputHandlers } from './handlers.js';
import type { Fulfil } from './input-contract.js';
import type { CallOptions } from './options.js';
import type { Requester } from './requester.js';
import { loadedTaskChecks, loadTaskChecks } from './task-checks.js';
import { TaskListenHub } from './task-listen-hub.js';
import type { TaskCallOptions, TasksClientOptions } from './task-options.js';
import type { TaskWatch } from './task-watch.js';

/** The task of a call ended `cancelled` (by `tasks/cancel`, from this client or elsewhere, or by the server). */
export class TaskCancelledError extends McpClientError {
  readonly taskId: string;

  constructor(taskId: string, statusMessage: string | undefined) {
    super(`Task ${taskId} was cancelled${statusMessage ? `: ${statusMessage}` : ''}`);
    this.name = 'TaskCancelledError';
    this.taskId = taskId;
  }
}

const DEFAULT_POLL_INTERVAL_MS = 1000;
const DEFAULT_CHECK_INTERVAL_MS = 30_000;

/** What following tasks needs of the client. */
export interface TaskFollowerConfig {
  requester: Requester;
  handlers: InputHandlers;
  limits: TimeoutLimits;
  /** Aborts when the client closes. */
  lifetime: AbortSignal;
  /** Answers the input requests of a task (`inputFulfilment`). */
  fulfil: Fulfil;
}

/** The call a task belongs to, as following it needs it. */
interface Following {
  readonly signal: AbortSignal | undefined;
  readonly options: CallOptions;
  /** The `tools/call` params as the application passed them. */
  readonly params: Record<string, unknown>;
}

/**
 * The later of two states of one task: a notification and a poll may cross, and an older state
 * must not replace a newer one. A terminal state is final.
 */
function newer(current: Task, next: Task): Task {
  if (isTerminalTaskStatus(current.status)) return current;
  if (isTerminalTaskStatus(next.status)) return next;
  return Date.parse(next.lastUpdatedAt) >= Date.parse(current.lastUpdatedAt) ? next : current;
}

/**
 * The client side of the tasks extension (SEP-2663): a step of the call chain that turns a
 * `CreateTaskResult` into the call's final result, and the requests `tasks/get`, `tasks/update`
 * and `tasks/cancel`. It is added to the chain only when the application turned tasks on, so calls
 * of a client without them pay nothing.
 */
export class TaskFollower {
  readonly #config: TaskFollowerConfig;
  readonly #options: TasksClientOptions;
  /** The server answered a listen without `taskIds`: it sends no task notifications, so only poll. */
  #noTaskNotifications = false;
  /** The listen stream every followed task shares, made for the first. */
  #hub: TaskListenHub | undefined;

  constructor(config: TaskFollowerConfig, options: TasksClientOptions) {
    this.#config = config;
    this.#options = options;
    // The checks load with the schemas, in the background: ready by the time a task comes back.
    loadTaskChecks().catch(() => {});
  }

  /**
   * The step (below the tool request step, so the final result is checked against the tool's
   * `outputSchema` like any other): a `tools/call` answered with a task is followed to its end (X-9).
   */
  readonly step: Step = (call, next) => (call.method === 'tools/call' ? this.#call(call, next) : next(call));

  async #call(call: CallState, next: Next): Promise<CallResult> {
    const result = await next(call);
    if (result.resultType !== ('task' as string)) return result;
    if (!(await loadTaskChecks()).isCreateTaskResult(result)) {
      throw new InvalidResponseError(
        'tools/call',
        'a resultType "task" result that is not a CreateTaskResult',
        'X-9',
      );
    }
    const {
      resultType: _type,
      _meta,
      ...task
    } = result as unknown as Task & { resultType: string; _meta?: unknown };
    (call.options as TaskCallOptions).onTask?.(task);
    try {
      return await this.follow(task, { signal: call.signal, options: call.options, params: call.params });
    } catch (error) {
      // The resend step above would answer -32020 or -32022 by sending the tools/call again: a second task.
      if (
        error instanceof McpError &&
        (error.code === ErrorCode.HeaderMismatch || error.code === ErrorCode.UnsupportedProtocolVersion)
      ) {
        throw new McpClientError(`A request for task ${task.taskId} was refused: ${error.message}`, {
          cause: error,
        });
      }
      throw error;
    }
  }

  /**
   * Follows `task` to its end, answering its questions, and returns the tool's result (X-14): by
   * its `notifications/tasks` on a listen stream while the server sends them, by polling
   * `tasks/get` at its `pollIntervalMs` otherwise. Every wait is bounded (a poll, a check), and
   * aborting `call.signal` or closing the client ends it with `tasks/cancel`.
   */
  async follow(task: Task | DetailedTask, call: Following): Promise<CallToolResult> {
    // Reading a task's states and result (here and in its watch) needs the checks at hand.
    await loadTaskChecks();
    const { lifetime } = this.#config;
    const signal = call.signal ? AbortSignal.any([call.signal, lifetime]) : lifetime;
    const answered = new Set<string>();
    let state = task;
    let round = 0;
    let watch = this.#watch(task);
    let listening = false;
    try {
      for (;;) {
        if (isTerminalTaskStatus(state.status)) return this.#settle(state as DetailedTask, call);
        let sent = false;
        if (state.status === 'input_required') {
          sent = await this.#answer(
            state as DetailedTask & { inputRequests: InputRequests },
            answered,
            signal,
            call,
            ++round,
          );
        }
        // Listening, the answers' effect arrives as a notification; polling, look at once.
        if (sent && !listening) {
          state = newer(state, await this.get(state.taskId, call.options));
          continue;
        }
        if (watch === undefined) {
          await sleep(this.#pollInterval(state), signal);
          signal.throwIfAborted();
          state = newer(state, await this.get(state.taskId, call.options));
          continue;
        }
        const event = await watch.next(listening ? this.#checkInterval() : this.#pollInterval(state), signal);
        if (event?.kind === 'task') {
          state = newer(state, event.task);
          continue;
        }
        if (event?.kind === 'acknowledged' && event.granted) {
          // Anything that changed before the stream was open was never notified: read it once.
          listening = true;
        } else if (event !== undefined) {
          // Refused, or the stream ended: poll from now on.
          if (event.kind === 'acknowledged' ? !event.knowsTasks : event.unsupported) {
            this.#noTaskNotifications = true;
          }
          watch.close();
          watch = undefined;
          listening = false;
        }
        state = newer(state, await this.get(state.taskId, call.options));
      }
    } catch (error) {
      if (signal.aborted) {
        // Cancel the task, not the request: notifications/cancelled is never used for tasks (X-12).
        await this.cancel(state.taskId, call.options).catch(() => {});
        throw new RequestAbortedError('tools/call', signal.reason);
      }
      throw error;
    } finally {
      watch?.close();
    }
  }

  /** The transport reconnected to a new peer, which may send task notifications where the old one did not. */
  transportRestarted(): void {
    this.#noTaskNotifications = false;
  }

  /** A watch on `task`'s notifications, unless listening is off or the server offers none. */
  #watch(task: Task): TaskWatch | undefined {
    if (this.#options.listen === false || this.#noTaskNotifications || isTerminalTaskStatus(task.status)) {
      return undefined;
    }
    this.#hub ??= new TaskListenHub(this.#config.requester);
    return this.#hub.watch(task.taskId);
  }

  #pollInterval(state: Task): number {
    return state.pollIntervalMs ?? this.#options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  }

  #checkInterval(): number {
    return this.#options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  }

  /** `tasks/get` (X-12): the task as the server has it now. */
  async get(taskId: string, options: CallOptions = {}): Promise<DetailedTask> {
    const result = await this.#request('tasks/get', { taskId }, options);
    if (!(await loadTaskChecks()).isDetailedTask(result))
      throw new InvalidResponseError('tasks/get', 'the result is not a task', 'X-10');
    return result as DetailedTask;
  }

  /** `tasks/cancel` (X-12): asks the server to cancel the task; it may finish otherwise. */
  async cancel(taskId: string, options: CallOptions = {}): Promise<void> {
    await this.#request('tasks/cancel', { taskId }, options);
  }

  /**
   * Answers the questions of an `input_required` state not answered before (deduplicated across
   * polls, X-13) with the registered handlers, as a direct request's would be (X-18), and sends
   * them with `tasks/update`. Returns whether anything was sent. A question no handler can answer
   * fails the call; the task is cancelled then.
   */
  async #answer(
    state: DetailedTask & { inputRequests: InputRequests },
    answered: Set<string>,
    signal: AbortSignal,
    call: Following,
    round: number,
  ): Promise<boolean> {
    const fresh: InputRequests = {};
    let any = false;
    for (const [key, request] of Object.entries(state.inputRequests)) {
      if (answered.has(key)) continue;
      Object.defineProperty(fresh, key, {
        value: request,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      any = true;
    }
    if (!any) return false;
    let responses: Record<string, unknown>;
    try {
      const { requester } = this.#config;
      const hooks = requester.receiveHooks;
      responses = await this.#config.fulfil(
        fresh,
        this.#config.handlers,
        { signal, method: 'tools/call', params: call.params, round },
        hooks === undefined ? undefined : { hooks, version: requester.version },
      );
    } catch (error) {
      if (!signal.aborted) await this.cancel(state.taskId, call.options).catch(() => {});
      throw error;
    }
    for (const key of Object.keys(fresh)) answered.add(key);
    await this.#request('tasks/update', { taskId: state.taskId, inputResponses: responses }, call.options);
    return true;
  }

  /** The call's outcome from a terminal task: its result, its error, or `TaskCancelledError`. */
  #settle(task: DetailedTask, call: Following): CallToolResult {
    if (task.status === 'completed') {
      const decoded = loadedTaskChecks()!.decodeResult('tools/call', task.result);
      if (!decoded.ok || decoded.value.resultType !== 'complete') {
        throw new InvalidResponseError('tools/call', `task ${task.taskId} holds no CallToolResult`, 'X-10');
      }
      return decoded.value as CallToolResult;
    }
    if (task.status === 'failed') {
      throw peerError({ jsonrpc: '2.0', id: 0, error: task.error }, 'tools/call', call.params);
    }
    throw new TaskCancelledError(task.taskId, task.statusMessage);
  }

  /** Sends one task request (its own request, its own timeouts) and returns its result. */
  async #request(method: string, params: Record<string, unknown>, options: CallOptions): Promise<unknown> {
    const { requester, limits } = this.#config;
    const own: CallOptions = { timeoutMs: options.timeoutMs, meta: options.meta };
    const call = new CallState(method as Method, params, own, Date.now() + limits.maxTotalTimeoutMs);
    const response = await requester.exchange(call, requester.version);
    if ('error' in response) throw peerError(response, method, params);
    return response.result;
  }
}
