/**
 * `JSON.stringify(root)` with `holder[key]` left out, for a sender that writes that field's text
 * itself (made once and reused). JSON skips a field whose value is `undefined`, so the field is set
 * to `undefined` for the call and put back afterwards, also when JSON throws. A frozen `holder`
 * throws a `TypeError` before anything is changed.
 *
 * @example
 * ```ts
 * const result = { resultType: 'complete', _meta: serverInfoMeta };
 * jsonWithout(result, result, '_meta'); // '{"resultType":"complete"}'
 * ```
 */
export function jsonWithout(root: object, holder: Record<string, unknown>, key: string): string {
  const value = holder[key];
  holder[key] = undefined;
  try {
    return JSON.stringify(root);
  } finally {
    holder[key] = value;
  }
}
