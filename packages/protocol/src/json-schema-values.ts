// What the JSON Schema validator's modules use of `is-record.ts` and `clip.ts`, in copies of their
// own: a client loads the validator with `import()` (the client's `loadJsonSchemaCompiler`), and a
// module that both it and the client's first chunk import would be cut out of that chunk into one
// more file for a browser to fetch first (0.14 KiB gzipped).

/** Whether `value` is an object that is neither `null` nor an array (`isRecord`). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `text` cut to `max` characters (by default `MESSAGE_EXCERPT_LENGTH`'s 100) with `…` after it, never
 * in a surrogate pair (`clipForMessage`).
 */
export function clipForMessage(text: string, max = 100): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** Whether two JSON values are equal: same type, same items in order, same properties in any order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (
      !Object.hasOwn(b, key) ||
      !jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
    )
      return false;
  }
  return true;
}
