import type { ClientCapabilities, RequestContext, TaskMethod } from '@mcpkit/protocol';
import { isRecord, McpError, TASKS_EXTENSION } from '@mcpkit/protocol/internal';
import type { TaskEngine } from './task-engine.js';

/** What a request that needs the tasks extension lacks: the extension itself. */
export const TASKS_REQUIRED: ClientCapabilities = Object.freeze({
  extensions: Object.freeze({ [TASKS_EXTENSION]: Object.freeze({}) }),
}) as ClientCapabilities;

/** Whether `capabilities` (a request's own) declare the tasks extension; only these count. */
export function declaresTasks(capabilities: ClientCapabilities): boolean {
  return capabilities.extensions?.[TASKS_EXTENSION] !== undefined;
}

/**
 * Step 6 and the handler of `tasks/get`, `tasks/update` and `tasks/cancel`: params (`-32602`),
 * then the extension declared on this request (`-32021`, X-17), then the engine.
 */
export function runTaskMethod(
  engine: TaskEngine,
  method: TaskMethod,
  params: Record<string, unknown>,
  capabilities: ClientCapabilities,
  context: RequestContext,
): Promise<Record<string, unknown>> {
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
  const auth = context.auth;
  if (method === 'tasks/get') return engine.get(taskId, auth);
  if (method === 'tasks/cancel') return engine.cancel(taskId, auth);
  return engine.update(taskId, inputResponses as Record<string, unknown>, auth);
}
