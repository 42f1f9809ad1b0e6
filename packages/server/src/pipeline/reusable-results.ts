import type { RequestId } from '@mcpkit/protocol';

/** The JSON of a reusable result's response form, once someone has asked for it. */
interface Reuse {
  json: string | undefined;
}

const reusable = new WeakMap<object, Reuse>();

/**
 * Marks `result` as one the server hands out again and again unchanged (a list page, while its
 * registry does not change), so its JSON is computed once (see `reusableResponseText`).
 */
export function markReusable<T extends object>(result: T): T {
  reusable.set(result, { json: undefined });
  return result;
}

/**
 * The response form of `result` to hand out: `final` itself, or a copy of it when it is the
 * shared reusable object, so that no consumer can change the next request's result.
 */
export function ownResult(result: unknown, final: Record<string, unknown>): Record<string, unknown> {
  return final === result && reusable.has(final) ? { ...final } : final;
}

/**
 * The JSON text of the response carrying `final` (the response form of the handler's `result`,
 * with serverInfo added), when `result` is reusable: the first request pays for
 * `JSON.stringify(final)`, later ones reuse its text and add only their id. `undefined` otherwise.
 */
export function reusableResponseText(
  id: RequestId,
  result: unknown,
  final: Record<string, unknown>,
): string | undefined {
  const reuse = typeof result === 'object' && result !== null ? reusable.get(result) : undefined;
  if (reuse === undefined) return undefined;
  reuse.json ??= JSON.stringify(final);
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${reuse.json}}`;
}
