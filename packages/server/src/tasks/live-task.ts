import type { DetailedTask, InputRequest, InputRequests, TaskError } from '@mcpkit/protocol';
import { ErrorCode, McpError } from '@mcpkit/protocol/internal';
import { loadedSchemas, loadSchemas } from '@mcpkit/protocol/schema-loader';
import type { ToolCallSetup } from '../extensions/extension.js';
import { checkAnswer } from '../input/answers.js';
import { withFormSchema } from '../input/form-from-schema.js';
import { checkInputRequest, requireCapabilities } from '../input/required-check.js';
import type { InputScope } from '../input/scope.js';
import { askedWith, type QuestionSite, UnawaitedQuestionError } from '../input/unawaited.js';
import { toolError, toolFailure } from '../registration/tools.js';
import { BackgroundTaskContext, type TaskQuestions, type TaskWork } from './task-context.js';
import type { TaskRecord } from './task-store.js';

function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** What a live task needs of the engine that runs it. */
export interface TaskHost {
  now(): number;
  /** Writes `record` and tells listeners; called for one task's states one at a time, in order. */
  save(record: TaskRecord): Promise<void>;
  /** The task ended (terminal, or cancelled): it is no longer live. */
  ended(taskId: string): void;
  /** Reports a failure of `tool`'s work to the server's `onError`. */
  report(error: unknown, tool: string): void;
}

/** A question the task asked and the client has not answered yet. */
interface Waiting {
  readonly key: string;
  readonly request: InputRequest;
  readonly promise: Promise<unknown>;
  /** Where the work asked it. */
  readonly site: QuestionSite;
  resolve(answer: unknown): void;
  reject(reason: unknown): void;
}

/** The fields of a task's state that follow from its status. */
type StatusPart =
  | { status: 'working' }
  | { status: 'input_required'; inputRequests: InputRequests }
  | { status: 'completed'; result: Record<string, unknown> }
  | { status: 'failed'; error: TaskError }
  | { status: 'cancelled' };

/**
 * A task whose work runs in this process: its questions, its answers, its cancellation. Every
 * change is written through the host, in order, and a change is acknowledged only once written.
 */
export class LiveTask implements TaskQuestions {
  private record: TaskRecord;
  private readonly controller = new AbortController();
  /** Outstanding questions by the key the client sees. */
  private readonly waiting = new Map<string, Waiting>();
  /** Every key the client was ever shown: a key is never reused within a task. */
  private readonly shown = new Set<string>();
  private statusMessage: string | undefined;
  private done = false;
  /** The last write: the next waits for it, so one task's states are written in order. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: TaskHost,
    record: TaskRecord,
    private readonly origin: InputScope,
  ) {
    this.record = record;
  }

  get taskId(): string {
    return this.record.task.taskId;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Starts `work` for the call `call` and records its outcome when it settles. */
  start(call: ToolCallSetup, work: TaskWork<unknown>): void {
    const ctx = new BackgroundTaskContext(this.origin, this);
    let outcome: Promise<unknown>;
    try {
      outcome = Promise.resolve(work(ctx));
    } catch (error) {
      outcome = Promise.reject(error);
    }
    const tool = call.tool;
    outcome
      .then(
        (value) => this.unawaited(tool) ?? call.checkResult(value),
        (error) => toolFailure(error, (thrown) => this.reportUnlessCancelled(thrown, tool)),
      )
      .then(
        (result) => this.finish({ status: 'completed', result }),
        (error) => {
          if (!(error instanceof McpError) || error.code === ErrorCode.InternalError) {
            this.reportUnlessCancelled(error, tool);
          }
          this.finish(failedPart(error));
        },
      );
  }

  /** Reports a failure of the work, but not the one its cancellation caused. */
  private reportUnlessCancelled(error: unknown, tool: string): void {
    if (!this.controller.signal.aborted) this.host.report(error, tool);
  }

  /** The `isError` result of work that ended while a question it asked was waiting (not awaited), reported. */
  private unawaited(tool: string): Record<string, unknown> | undefined {
    const first = this.waiting.values().next().value;
    if (first === undefined) return undefined;
    const error = new UnawaitedQuestionError(
      `The task of tool ${JSON.stringify(tool)}`,
      first.key,
      first.site,
    );
    this.host.report(error, tool);
    return toolError(error.message);
  }

  /** Every promise it returns is marked handled: work that never awaits its question must not crash the process. */
  ask(key: string, asked: InputRequest, trace = new Error()): Promise<unknown> {
    // Questions and answers are checked against the input request schemas: load them first.
    if (loadedSchemas() === undefined) return handled(loadSchemas().then(() => this.ask(key, asked, trace)));
    let request: InputRequest;
    try {
      request = withFormSchema(key, asked);
      checkInputRequest(key, request);
      requireCapabilities(request, this.origin.clientCapabilities);
    } catch (error) {
      return handled(Promise.reject(error));
    }
    if (this.done)
      return handled(Promise.reject(this.controller.signal.reason ?? new Error('The task has ended')));
    for (const waiting of this.waiting.values()) {
      if (waiting.key === key) return waiting.promise;
    }
    const shownKey = this.unusedKey(key);
    let resolve!: (answer: unknown) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    handled(promise);
    const site = { via: askedWith(request).replace('ctx.', 'task.'), trace };
    this.waiting.set(shownKey, { key, request, promise, site, resolve, reject });
    this.shown.add(shownKey);
    this.commit(this.liveStatus()).catch(() => {});
    return promise;
  }

  setStatusMessage(message: string): void {
    if (this.done) return;
    this.statusMessage = message;
    this.commit(this.liveStatus()).catch(() => {});
  }

  /**
   * Applies the answers to outstanding questions; answers to keys not outstanding are ignored
   * (SEP-2663 "tasks/update"). An answer that does not fit its question is `-32602`, and then none
   * is applied. Resolves once the new state is written.
   */
  answer(responses: Record<string, unknown>): Promise<void> {
    if (loadedSchemas() === undefined) return loadSchemas().then(() => this.answer(responses));
    const accepted: [string, Waiting, unknown][] = [];
    for (const [shownKey, answer] of Object.entries(responses)) {
      const waiting = this.waiting.get(shownKey);
      if (waiting) accepted.push([shownKey, waiting, checkAnswer(shownKey, waiting.request, answer)]);
    }
    if (accepted.length === 0) return Promise.resolve();
    for (const [shownKey, waiting, checked] of accepted) {
      this.waiting.delete(shownKey);
      waiting.resolve(checked);
    }
    return this.commit(this.liveStatus());
  }

  /** Cancels the task: the work's signal aborts and the task is `cancelled` from now on. */
  cancel(): Promise<void> {
    if (this.done) return Promise.resolve();
    this.done = true;
    const reason = new DOMException('The task was cancelled', 'AbortError');
    this.controller.abort(reason);
    for (const waiting of this.waiting.values()) waiting.reject(reason);
    this.waiting.clear();
    this.host.ended(this.taskId);
    return this.commit({ status: 'cancelled' });
  }

  /** Stops the work without recording anything more (the task expired and is being forgotten). */
  abandon(): void {
    if (this.done) return;
    this.done = true;
    const reason = new DOMException('The task expired', 'AbortError');
    this.controller.abort(reason);
    for (const waiting of this.waiting.values()) waiting.reject(reason);
    this.waiting.clear();
    this.host.ended(this.taskId);
  }

  private finish(part: StatusPart): void {
    if (this.done) return;
    this.done = true;
    this.waiting.clear();
    this.host.ended(this.taskId);
    this.commit(part).catch(() => {});
  }

  private liveStatus(): StatusPart {
    if (this.waiting.size === 0) return { status: 'working' };
    const inputRequests: InputRequests = {};
    for (const [shownKey, waiting] of this.waiting) inputRequests[shownKey] = waiting.request;
    return { status: 'input_required', inputRequests };
  }

  /** `key` if the client was never shown it in this task, else `key#2`, `key#3` and so on. */
  private unusedKey(key: string): string {
    if (!this.shown.has(key)) return key;
    let n = 2;
    while (this.shown.has(`${key}#${n}`)) n++;
    return `${key}#${n}`;
  }

  private commit(part: StatusPart): Promise<void> {
    const { taskId, createdAt, ttlMs, pollIntervalMs } = this.record.task;
    const task = {
      taskId,
      ...part,
      createdAt,
      lastUpdatedAt: new Date(this.host.now()).toISOString(),
      ttlMs,
    };
    const detailed = task as DetailedTask;
    if (pollIntervalMs !== undefined) detailed.pollIntervalMs = pollIntervalMs;
    const message = part.status === 'failed' ? part.error.message : this.statusMessage;
    if (message !== undefined) detailed.statusMessage = message;
    const record = { ...this.record, task: detailed };
    this.record = record;
    const write = this.writing.then(() => this.host.save(record));
    this.writing = write.catch(() => {});
    return write;
  }
}

/** The state of a task whose work failed with a protocol error (X-10: `failed` holds JSON-RPC errors only). */
function failedPart(error: unknown): StatusPart {
  const mcp =
    error instanceof McpError ? error : McpError.internalError('The task failed with an internal error');
  const taskError: TaskError = { code: mcp.code, message: mcp.message };
  if (mcp.data !== undefined) taskError.data = mcp.data;
  return { status: 'failed', error: taskError };
}
