import type { CompleteResult } from '@mcpkit/protocol';
import { MAX_COMPLETION_VALUES, McpError } from '@mcpkit/protocol/internal';
import type { HandlerContext } from '../pipeline/context.js';

/** What a completer may return: the values, or the values with `total`/`hasMore`. */
export type CompletionValues =
  | readonly string[]
  | { values: readonly string[]; total?: number; hasMore?: boolean };

/**
 * Suggests values for one prompt argument or template variable. `value` is what the user has typed;
 * `args` holds the values already chosen for the other arguments. Return the best matches first.
 */
export type Completer = (
  value: string,
  args: Readonly<Record<string, string>>,
  ctx: HandlerContext,
) => CompletionValues | Promise<CompletionValues>;

/** The completer registered for `name`: an own key only, so `constructor` or `__proto__` name none. */
export function ownCompleter(
  completers: Readonly<Record<string, Completer | undefined>>,
  name: string,
): Completer | undefined {
  return Object.hasOwn(completers, name) ? completers[name] : undefined;
}

/**
 * The `completion` of a result (S-44): at most 100 values; when more were offered, `hasMore` is
 * set and `total` counts them all unless the completer said otherwise.
 */
export function completionResult(offered: CompletionValues | undefined): CompleteResult {
  if (offered === undefined) return { resultType: 'complete', completion: { values: [] } };
  const values = Array.isArray(offered)
    ? (offered as readonly string[])
    : (offered as { values: readonly string[] }).values;
  const extra = Array.isArray(offered) ? {} : (offered as { total?: number; hasMore?: boolean });
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
    throw McpError.internalError('A completer returned something other than a list of strings');
  }
  const clipped = values.length > MAX_COMPLETION_VALUES;
  const completion: CompleteResult['completion'] = {
    values: clipped ? values.slice(0, MAX_COMPLETION_VALUES) : [...values],
  };
  const total = extra.total ?? (clipped ? values.length : undefined);
  if (total !== undefined) completion.total = total;
  const hasMore = clipped ? true : extra.hasMore;
  if (hasMore !== undefined) completion.hasMore = hasMore;
  return { resultType: 'complete', completion };
}
