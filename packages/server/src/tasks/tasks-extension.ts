import { McpError, TASKS_EXTENSION } from '@mcpkit/protocol/internal';
import type { ExtensionHost, ServerExtension, ToolCallSetup } from '../extensions/extension.js';
import type { InputScope } from '../input/scope.js';
import type { McpRequestInfo } from '../pipeline/context.js';
import type { ToolResult } from '../registration/tool-result.js';
import { InlineTaskContext, type TaskWork, type ToolContext } from './task-context.js';
import { type TaskAccess, TaskEngine, type TasksOptions } from './task-engine.js';
import { declaresTasks, TASKS_REQUIRED, taskMethods } from './task-methods.js';

const NO_SCOPES: readonly string[] = Object.freeze([]);

/**
 * `ctx.runAsTask` (see `ToolContext`): a task when the call may become one (`launch`, the call
 * as the extension saw it at step 6), the work run within the request otherwise. Its promise is
 * marked handled: a handler that forgets to return it must not crash the process.
 */
function runAsTask(ctx: ToolContext, engine: TaskEngine | undefined, launch: ToolCallSetup | undefined) {
  const scope = ctx as unknown as InputScope;
  return <R extends ToolResult>(work: TaskWork<R>): Promise<R> => {
    let running: Promise<R>;
    if (engine !== undefined && launch !== undefined) {
      running = engine.launch(scope, launch, work as TaskWork<unknown>) as Promise<never>;
    } else {
      try {
        running = Promise.resolve(work(new InlineTaskContext(scope)));
      } catch (error) {
        running = Promise.reject(error);
      }
    }
    running.catch(() => {});
    return running;
  };
}

/** With the extension off: `ctx.runAsTask` runs its work inline, and `taskSupport` cannot be registered. */
const TASKS_OFF: ServerExtension = {
  id: TASKS_EXTENSION,
  settings: false,
  resultTypes: { task: () => false },
  checkTool(name, { taskSupport }) {
    if (taskSupport === undefined) return;
    throw new TypeError(
      `tool ${JSON.stringify(name)}: taskSupport needs the tasks extension turned on (ServerOptions.tasks)`,
    );
  },
  toolContext: { runAsTask: (ctx) => runAsTask(ctx, undefined, undefined) },
};

/**
 * The task ids of a listen filter the stream will hear about: the request must declare
 * the extension (`-32021`), and only tasks the caller may see count.
 */
function listenTaskIds(
  engine: TaskEngine,
  requested: Readonly<Record<string, unknown>>,
  request: McpRequestInfo,
): Promise<Record<string, unknown>> | undefined {
  const { taskIds } = requested;
  if (taskIds === undefined) return undefined;
  if (!Array.isArray(taskIds) || !taskIds.every((id) => typeof id === 'string')) {
    throw McpError.invalidParams('notifications.taskIds must be an array of strings');
  }
  if (!declaresTasks(request.clientCapabilities)) {
    throw McpError.missingRequiredClientCapability(
      TASKS_REQUIRED,
      `Task notifications need the ${TASKS_EXTENSION} extension declared in this request's client capabilities`,
    );
  }
  return engine.visible(taskIds, request.auth).then((visible) => ({ taskIds: visible }));
}

/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) as `ServerOptions.tasks`
 * installs it; `undefined` installs it off, leaving only `ctx.runAsTask`, which then runs inline.
 */
export function tasksExtension(options: TasksOptions | undefined): ServerExtension<ToolCallSetup> {
  if (options === undefined) return TASKS_OFF as ServerExtension<ToolCallSetup>;
  let engine!: TaskEngine;
  let server!: ExtensionHost;
  return {
    id: TASKS_EXTENSION,
    setup(host) {
      server = host;
      engine = new TaskEngine(options, (task) => host.publish({ type: 'tasks/status', task }), host.onError);
    },
    methods: taskMethods(() => engine),
    // A `CreateTaskResult` only answers a `tools/call` whose request declared the extension.
    resultTypes: { task: (method, capabilities) => method === 'tools/call' && declaresTasks(capabilities) },
    // A call of a tool with `taskSupport` may become a task when this request declared the
    // extension; a tool that requires a task refuses the request otherwise.
    toolCall(call) {
      const { taskSupport } = call.config;
      if (taskSupport === undefined) return undefined;
      if (declaresTasks(call.request.clientCapabilities)) return call;
      if (taskSupport === 'required') {
        throw McpError.missingRequiredClientCapability(
          TASKS_REQUIRED,
          `Tool ${call.tool} runs only as a task: declare the ${TASKS_EXTENSION} extension`,
        );
      }
      return undefined;
    },
    toolContext: { runAsTask: (ctx, launch) => runAsTask(ctx, engine, launch) },
    listenFilter: (requested, request) => listenTaskIds(engine, requested, request),
    // Those of the tool whose call made the task, so a token without them cannot read, answer or
    // cancel what a fuller token started; none for a task the caller may not see.
    async requestScopes(method, { taskId }, auth) {
      if (typeof taskId !== 'string') return NO_SCOPES;
      const tool = await engine.toolOf(taskId, method as TaskAccess['method'], auth);
      return tool === undefined ? NO_SCOPES : server.requiredScopes({ tool });
    },
  };
}
