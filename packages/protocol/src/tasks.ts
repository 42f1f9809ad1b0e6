import * as z from 'zod/v4/mini';
import { resultShape } from './schemas/base.js';
import { deferred } from './schemas/deferred.js';
import { type InputRequests, InputRequestsSchema } from './schemas/input-required.js';
import { ErrorSchema } from './schemas/jsonrpc.js';

import type { TaskStatus } from './task-methods.js';

export {
  isTaskMethod,
  isTerminalTaskStatus,
  TASK_METHODS,
  TASKS_EXTENSION,
  type TaskMethod,
  type TaskStatus,
} from './task-methods.js';

/** The methods whose request may be answered with a task: `tools/call` only, for now. */
export const TASK_AUGMENTABLE_METHODS: readonly string[] = ['tools/call'];

/** The metadata of a task, as `CreateTaskResult` carries it. */
export interface Task {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** From creation, in integer milliseconds; `null` = kept without limit. */
  ttlMs: number | null;
  /** How often to poll `tasks/get`, in integer milliseconds. */
  pollIntervalMs?: number;
}

/** A JSON-RPC error, as a `failed` task carries it. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * A task with what its status brings: `inputRequests` when `input_required`, `result`
 * (the request's own result, `isError` tool results included) when `completed`, `error` (a
 * JSON-RPC error) when `failed`. `tasks/get` and `notifications/tasks` carry it.
 */
export type DetailedTask =
  | (Task & { status: 'working' })
  | (Task & { status: 'input_required'; inputRequests: InputRequests })
  | (Task & { status: 'completed'; result: Record<string, unknown> })
  | (Task & { status: 'failed'; error: TaskError })
  | (Task & { status: 'cancelled' });

/** What a server answers in lieu of a `tools/call` result when it runs the call as a task. */
export type CreateTaskResult = Task & { resultType: 'task'; _meta?: Record<string, unknown> };

/** The result of `tasks/get`: the task as it is now, `resultType: "complete"`. */
export type GetTaskResult = DetailedTask & { resultType: 'complete'; _meta?: Record<string, unknown> };

/** The params of `notifications/tasks`: the task as `tasks/get` would return it now. */
export type TaskStatusNotificationParams = DetailedTask & { _meta?: Record<string, unknown> };

const STATUS = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
const isoTime = () => z.string();

const taskShape = deferred(() => ({
  taskId: z.string(),
  status: z.enum(STATUS),
  statusMessage: z.optional(z.string()),
  createdAt: isoTime(),
  lastUpdatedAt: isoTime(),
  ttlMs: z.nullable(z.number()),
  pollIntervalMs: z.optional(z.number()),
}));

const createTaskResult = deferred(() =>
  z.object({ ...resultShape(), ...taskShape(), resultType: z.literal('task') }),
);
/** Checks a `CreateTaskResult` (`resultType: "task"`). */
export const CreateTaskResultSchema: z.ZodMiniType<CreateTaskResult> = z.lazy(
  createTaskResult,
) as unknown as z.ZodMiniType<CreateTaskResult>;

const detailedTask = deferred(() => {
  const base = taskShape();
  return z.discriminatedUnion('status', [
    z.object({ ...base, status: z.literal('working') }),
    z.object({ ...base, status: z.literal('input_required'), inputRequests: InputRequestsSchema }),
    z.object({
      ...base,
      status: z.literal('completed'),
      result: z.record(z.string(), z.unknown()),
    }),
    z.object({ ...base, status: z.literal('failed'), error: ErrorSchema }),
    z.object({ ...base, status: z.literal('cancelled') }),
  ]);
});
/** Checks a `DetailedTask` (the result of `tasks/get` without `resultType`, or a notification's params). */
export const DetailedTaskSchema: z.ZodMiniType<DetailedTask> = z.lazy(
  detailedTask,
) as unknown as z.ZodMiniType<DetailedTask>;
