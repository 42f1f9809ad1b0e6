import type { Link, SpanContext } from '@opentelemetry/api';

/** How many tasks' creating spans are remembered; the oldest is forgotten first. */
const CAPACITY = 1024;

/**
 * The span that created each recent task, so that the task's polls link to it. In memory and
 * bounded: a poll of a task created elsewhere (another instance, before a restart) has no link.
 */
export class TaskLinks {
  readonly #spans = new Map<string, SpanContext>();

  /** Remembers the span of a result that created a task (`resultType: "task"`, or 2025's `task`). */
  remember(result: unknown, span: SpanContext): void {
    const taskId = taskIdOf(result);
    if (taskId === undefined) return;
    if (this.#spans.size >= CAPACITY) this.#spans.delete(this.#spans.keys().next().value as string);
    this.#spans.set(taskId, span);
  }

  /** The link to the span that created `taskId`, if it is remembered. */
  linksTo(taskId: string | undefined): Link[] | undefined {
    const span = taskId === undefined ? undefined : this.#spans.get(taskId);
    return span === undefined ? undefined : [{ context: span }];
  }
}

function taskIdOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { resultType, taskId, task } = result as { resultType?: unknown; taskId?: unknown; task?: unknown };
  if (resultType === 'task' && typeof taskId === 'string') return taskId;
  const legacyId = (task as { taskId?: unknown } | null | undefined)?.taskId;
  return typeof task === 'object' && typeof legacyId === 'string' ? legacyId : undefined;
}
