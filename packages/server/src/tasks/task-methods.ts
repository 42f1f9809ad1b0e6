import type {
  AuthInfo,
  ClientCapabilities,
  RequestContext,
  RequestId,
  RequestMetaFields,
  TaskMethod,
} from '@mcpkit/protocol';
import { isRecord, McpError, TASKS_EXTENSION } from '@mcpkit/protocol/internal';
import type { TaskRequestInfo } from '../pipeline/middleware.js';
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
export function checkTaskRequest(
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

/** The handler of a checked task request (step 7, inside middleware). */
export function runTaskMethod(
  engine: TaskEngine,
  method: TaskMethod,
  params: TaskParams,
  auth: AuthInfo | undefined,
): Promise<Record<string, unknown>> {
  const { taskId } = params;
  if (method === 'tasks/get') return engine.get(taskId, auth);
  if (method === 'tasks/cancel') return engine.cancel(taskId, auth);
  return engine.update(taskId, params.inputResponses ?? {}, auth);
}

/** What middleware sees of a task request; `signal` is read on demand, as transports create it lazily. */
export function taskRequestInfo(
  requestId: RequestId,
  method: TaskMethod,
  fields: RequestMetaFields,
  meta: Record<string, unknown>,
  context: RequestContext,
): TaskRequestInfo {
  return {
    requestId,
    method,
    protocolVersion: fields.protocolVersion,
    clientCapabilities: fields.clientCapabilities,
    clientInfo: fields.clientInfo,
    auth: context.auth,
    transport: context.transport,
    meta,
    get signal() {
      return context.signal;
    },
  };
}
