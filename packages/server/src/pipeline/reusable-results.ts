import { withSerializedResult } from '@mcpkit/protocol';

/** The JSON of a reusable result's response form, once someone has asked for it. */
interface Reuse {
  json: string | undefined;
}

const reusable = new WeakMap<object, Reuse>();

/**
 * Marks `result` as one the server hands out again and again unchanged (a list page, while its
 * registry does not change), so its JSON is computed once (see `finishReusable`).
 */
export function markReusable<T extends object>(result: T): T {
  reusable.set(result, { json: undefined });
  return result;
}

/**
 * The response form of a handler's `result` (`final`, which has serverInfo added), with the JSON
 * text attached when `result` is reusable: the first request pays for `JSON.stringify`, later
 * ones reuse its text, and transports write it as is. `final` is never the shared object itself.
 */
export function finishReusable(result: unknown, final: Record<string, unknown>): Record<string, unknown> {
  const reuse = typeof result === 'object' && result !== null ? reusable.get(result) : undefined;
  if (reuse === undefined) return final;
  const own = final === result ? { ...final } : final;
  reuse.json ??= JSON.stringify(own);
  return withSerializedResult(own, reuse.json);
}
