import type { ServerCapabilities } from '@mcpkit/protocol';
import { TASKS_EXTENSION } from '@mcpkit/protocol/internal';
import type { ServerExtension } from './extensions/extension.js';
import type { RequestStateOptions } from './input/request-state.js';
import type { ServerErrorHandler } from './pipeline/error-report.js';
import type { CachingOptions } from './registration/caching.js';
import type { EventBus } from './subscriptions/event-bus.js';
import type { TasksOptions } from './tasks/task-engine.js';
import { tasksExtension } from './tasks/tasks-extension.js';

/** Options of `McpServer` that do not concern the 2025 era (see `ServerOptions`). */
export interface ServerCoreOptions {
  /** Guidance for the model, returned by `server/discover` (S-10). */
  instructions?: string;
  /**
   * Capabilities to declare on top of what registrations imply (`tools`, `prompts`, `resources`
   * with `listChanged: true`, `completions` when a completer exists). Declare `logging: {}` to let
   * handlers log (S-68) and `resources: { subscribe: true }` when you call `notifyResourceUpdated`.
   * Extensions given in `extensions` advertise themselves (`ServerExtension.settings`); an entry
   * declared here under `extensions` for the same id wins. A declared capability replaces the
   * implied one as a whole (declare `resources: { listChanged: true, subscribe: true }` to keep
   * list-change notifications).
   */
  capabilities?: ServerCapabilities;
  /** Protocol versions served; others get `-32022` (S-2). Default: every version this engine speaks. */
  supportedVersions?: readonly string[];
  /** Items per page of list results. Default 1000. */
  pageSize?: number;
  /** Caching hints of the six cacheable results (S-40..S-42). Default `ttlMs: 0`, `cacheScope: "private"`. */
  cache?: CachingOptions;
  /** Keys and lifetime of the signed `requestState` of multi-round requests. */
  requestState?: RequestStateOptions;
  /** Where change events travel; share one bus between instances. Default: in-process. */
  eventBus?: EventBus;
  /**
   * The most notifications a `subscriptions/listen` stream may hold unread. A reader that falls
   * this far behind is dropped: its stream ends with a `-32603` error response saying so. Default 10,000.
   */
  maxListenBacklog?: number;
  /** The most `subscriptions/listen` streams open at once; one more is refused (`-32603`, HTTP 503). Default 10,000. */
  maxListens?: number;
  /**
   * The most listen streams one `auth.principal` holds open, so one caller cannot take them all;
   * streams without a principal count only towards `maxListens`. Default 100.
   */
  maxListensPerPrincipal?: number;
  /** Put `serverInfo` in every result's `_meta` (S-5). Default true. */
  includeServerInfo?: boolean;
  /**
   * Receives the server's own failures, each once: an error a tool handler threw (the client gets
   * an `isError` result with its message), a handler that did not await its question, a result
   * that breaks its `outputSchema`, every `-32603` the server answers, a failed publish. Also
   * development warnings, once each (`info.level: 'warning'`), such as a handler logging on a
   * server that did not declare `logging`. Requests refused for the client's own mistakes
   * (unknown method or tool, invalid params, a missing capability) are not reported: the client
   * is told. Default: written to stderr with the stack (stdout belongs to the stdio transport).
   *
   * @example
   * ```ts
   * new McpServer(info, { onError: (error, { level, method, tool }) => log[level]({ err: error, method, tool }) });
   * ```
   */
  onError?: ServerErrorHandler;
  /**
   * Turns on the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663): `server/discover`
   * advertises it, tools registered with `taskSupport` may answer a `tools/call` with a task
   * (`ctx.runAsTask`), and `tasks/get`, `tasks/update` and `tasks/cancel` are served. Off by
   * default. `{}` keeps tasks in memory for an hour.
   */
  tasks?: TasksOptions;
  /**
   * Extensions to serve (see `ServerExtension`): their methods, capabilities, result types and
   * tool context members. Each id may be given once; `tasks` installs the tasks extension.
   */
  extensions?: readonly ServerExtension[];
}

/** A registration that can be changed or withdrawn at run time; each change notifies listen streams. */
export interface RegistrationHandle<C> {
  /** Replaces parts of the registration; the entry keeps its place in listings. */
  update(changes: C): void;
  /** Withdraws the registration. Returns false when it was already gone. */
  remove(): boolean;
}

/**
 * The extensions `options` give and turn on: the tasks extension first, off unless `options.tasks`
 * (its `ctx.runAsTask` then runs work inline), and left out when an extension of that id is given.
 */
export function extensionsOf(options: ServerCoreOptions): ServerExtension[] {
  const given = options.extensions ?? [];
  if (options.tasks === undefined && given.some(({ id }) => id === TASKS_EXTENSION)) return [...given];
  return [tasksExtension(options.tasks) as ServerExtension, ...given];
}
