/**
 * Whether `value` is an object that is neither `null` nor an array: what a JSON object parses
 * to. Its values are not checked.
 *
 * @example
 * ```ts
 * isRecord({ a: 1 }); // true
 * isRecord([1]);      // false
 * isRecord(null);     // false
 * ```
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
