import type { ClientCapabilities, TaskMethod } from '@mcpkit/protocol';
import { isRecord, McpError, TASKS_EXTENSION } from '@mcpkit/protocol/internal';
import type { ExtensionMethod, ExtensionRequestInfo } from '../extensions/extension.js';
import type { TaskEngine } from './task-engine.js';

/** What a request that needs the tasks extension lacks: the extension itself. */
export const TASKS_REQUIRED: ClientCapabilities = Object.freeze({
  extensions: Object.freeze({ [TASKS_EXTENSION]: Object.freeze({}) }),
}) as ClientCapabilities;

/** Whether `capabilities` (a request's own) declare the tasks extension; only these count. */
export function declaresTasks(capabilities: ClientCapabilities): boolean {
  return capabilities.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The params of a task request once step 6 has checked them. */
export interface TaskParams {
  readonly taskId: string;
  readonly inputResponses?: Record<string, unknown>;
}

/**
 * Step 6 of `tasks/get`, `tasks/update` and `tasks/cancel`: params (`-32602`), then the extension
 * declared on this request (`-32021`, X-17). Throws what to answer instead.
 */
function checkTaskRequest(
  method: TaskMethod,
  params: Record<string, unknown>,
  capabilities: ClientCapabilities,
): TaskParams {
  const { taskId, inputResponses } = params;
  if (typeof taskId !== 'string') throw McpError.invalidParams(`${method}: params.taskId must be a string`);
  if (method === 'tasks/update' && !isRecord(inputResponses)) {
    throw McpError.invalidParams('tasks/update: params.inputResponses must be an object');
  }
  if (!declaresTasks(capabilities)) {
    throw McpError.missingRequiredClientCapability(
      TASKS_REQUIRED,
      `${method} needs the ${TASKS_EXTENSION} extension declared in this request's client capabilities`,
    );
  }
  return params as unknown as TaskParams;
}

/** `tasks/get`, `tasks/update` and `tasks/cancel`, served by `engine`. */
export function taskMethods(engine: () => TaskEngine): Record<TaskMethod, ExtensionMethod<TaskParams>> {
  const check = (params: Record<string, unknown>, request: ExtensionRequestInfo) =>
    checkTaskRequest(request.method as TaskMethod, params, request.clientCapabilities);
  return {
    'tasks/get': { check, run: ({ taskId }, { auth }) => engine().get(taskId, auth) },
    'tasks/update': {
      check,
      run: ({ taskId, inputResponses }, { auth }) => engine().update(taskId, inputResponses ?? {}, auth),
    },
    'tasks/cancel': { check, run: ({ taskId }, { auth }) => engine().cancel(taskId, auth) },
  };
}
