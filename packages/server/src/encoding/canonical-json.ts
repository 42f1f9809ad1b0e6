/**
 * Canonical JSON: object keys sorted by UTF-16 code units at every level, no whitespace,
 * `undefined` members left out (as `JSON.stringify` does). Two values that are equal as JSON get
 * the same text, whatever order their keys were written in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item = value[i];
      out += item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined || typeof member === 'function') continue;
    if (!first) out += ',';
    first = false;
    out += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}

const encoder = new TextEncoder();

/** SHA-256 of the canonical JSON of `value`, via Web Crypto. */
export async function canonicalDigest(value: unknown): Promise<Uint8Array> {
  const bytes = encoder.encode(canonicalJson(value));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}
