import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  InputRequest,
  ListRootsResult,
} from '@mcpkit/protocol';
import { missingCapabilities } from '../input/capabilities.js';
import type { AnswerOf, AskContext, ElicitAnswer, ElicitParams, InputSpec } from '../input/input-spec.js';
import { type Logger, RequestIdentity, SILENT_LOGGER } from '../pipeline/context.js';
import type { ToolResult } from '../registration/tool-result.js';

/**
 * The context of work run with `ctx.runAsTask`. When the request became a task, the work runs
 * after the response, in the background: `taskId` is set, `signal` aborts on `tasks/cancel` or
 * expiry, and every question (`elicit`, `sample`, `listRoots`, `ask`) puts the task in
 * `input_required` until the client answers with `tasks/update`; the question is asked once and
 * awaited, not replayed. Progress and log messages go nowhere: a task has no stream.
 *
 * When the request did not become a task (the client did not declare the extension), the work runs
 * within the request: `taskId` is `undefined` and questions are ordinary multi round-trip ones.
 */
export interface TaskContext extends AskContext {
  /** The task's id, or `undefined` when the work runs within the request. */
  readonly taskId: string | undefined;
  /** Sets the task's `statusMessage` (e.g. how far the work got); ignored within a request. */
  setStatusMessage(message: string): void;
}

/**
 * The context of a tool handler: `AskContext`, plus `runAsTask` for work that may outlive the
 * request.
 */
export interface ToolContext extends AskContext {
  /**
   * Runs `work` as a task when this call may become one: the tool was registered with
   * `taskSupport`, the server has the tasks extension on, and this request declared it.
   * Then the task is created (and stored, X-11) before this resolves, `work` runs in the
   * background, and the client gets a `CreateTaskResult` to poll. Otherwise `work` runs here,
   * within the request, and its result is the call's. Return what it resolves to.
   *
   * Ask for input before calling it (multi round-trip, answered on the call's retry) or inside
   * `work` through its context (answered with `tasks/update` while the task runs).
   *
   * @example
   * ```ts
   * server.tool('build', { taskSupport: 'optional' }, async (_args, ctx) =>
   *   ctx.runAsTask(async (task) => {
   *     task.setStatusMessage('compiling');
   *     await compile({ signal: task.signal });
   *     return { content: [{ type: 'text', text: 'built' }] };
   *   }),
   * );
   * ```
   */
  runAsTask<R extends ToolResult>(work: TaskWork<R>): Promise<R>;
}

/** What the work of a task is: what a tool handler is, given a `TaskContext`. */
export type TaskWork<R> = (ctx: TaskContext) => R | Promise<R>;

/** The questions side of a running task, implemented by `LiveTask`. */
export interface TaskQuestions {
  readonly taskId: string;
  readonly signal: AbortSignal;
  ask(key: string, request: InputRequest): Promise<unknown>;
  setStatusMessage(message: string): void;
}

/** `TaskContext` for work running in the background as a task. */
export class BackgroundTaskContext extends RequestIdentity implements TaskContext {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    origin: RequestIdentity,
    private readonly questions: TaskQuestions,
  ) {
    super(origin.requestId, origin.method, origin, origin.meta, origin);
  }

  get taskId(): string {
    return this.questions.taskId;
  }

  get signal(): AbortSignal {
    return this.questions.signal;
  }

  get log(): Logger {
    return SILENT_LOGGER;
  }

  progress(): void {}

  setStatusMessage(message: string): void {
    this.questions.setStatusMessage(message);
  }

  elicit<const P extends ElicitParams>(key: string, params: P): Promise<ElicitAnswer<P>> {
    return this.questions.ask(key, { method: 'elicitation/create', params: params as never }) as Promise<
      ElicitAnswer<P>
    >;
  }

  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    return this.questions.ask(key, {
      method: 'sampling/createMessage',
      params,
    }) as Promise<CreateMessageResult>;
  }

  listRoots(key: string): Promise<ListRootsResult> {
    return this.questions.ask(key, { method: 'roots/list', params: {} }) as Promise<ListRootsResult>;
  }

  async ask<const T extends Record<string, InputSpec<unknown>>>(
    inputs: T,
  ): Promise<{ [K in keyof T]: AnswerOf<T[K]> }> {
    const keys = Object.keys(inputs);
    const answers = await Promise.all(keys.map((key) => this.questions.ask(key, inputs[key]!.request)));
    return Object.fromEntries(keys.map((key, i) => [key, answers[i]])) as { [K in keyof T]: AnswerOf<T[K]> };
  }

  canAsk(input: InputSpec<unknown>): boolean {
    return missingCapabilities(input.request, this.clientCapabilities) === undefined;
  }

  /** A task runs once, so `once` only shares one computation between calls with the same key. */
  once<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    let running = this.memo.get(key);
    if (running === undefined) {
      running = Promise.resolve().then(compute);
      this.memo.set(key, running);
      running.catch(() => this.memo.delete(key));
    }
    return running as Promise<T>;
  }
}

/** `TaskContext` for work that runs within its request: the request's own context, without a task. */
export class InlineTaskContext extends RequestIdentity implements TaskContext {
  readonly taskId = undefined;

  constructor(private readonly scope: RequestIdentity & AskContext) {
    super(scope.requestId, scope.method, scope, scope.meta, scope);
  }

  get signal(): AbortSignal {
    return this.scope.signal;
  }
  get log(): Logger {
    return this.scope.log;
  }

  setStatusMessage(): void {}

  progress(progress: number, total?: number, message?: string): void {
    this.scope.progress(progress, total, message);
  }

  elicit<const P extends ElicitParams>(key: string, params: P): Promise<ElicitAnswer<P>> {
    return this.scope.elicit(key, params);
  }

  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    return this.scope.sample(key, params);
  }

  listRoots(key: string): Promise<ListRootsResult> {
    return this.scope.listRoots(key);
  }

  ask<const T extends Record<string, InputSpec<unknown>>>(
    inputs: T,
  ): Promise<{ [K in keyof T]: AnswerOf<T[K]> }> {
    return this.scope.ask(inputs);
  }

  canAsk(input: InputSpec<unknown>): boolean {
    return this.scope.canAsk(input);
  }

  once<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return this.scope.once(key, compute);
  }
}
