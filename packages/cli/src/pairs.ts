import { UsageError } from './output.js';

/** `key=value` words from the command line (`--arg`, `--context`) as `[key, value]`, split at the first `=`. */
export function keyValuePairs(words: readonly string[], flag: string): [string, string][] {
  return words.map((word) => {
    const equals = word.indexOf('=');
    if (equals <= 0) throw new UsageError(`${flag} takes key=value, got: ${word}`);
    return [word.slice(0, equals), word.slice(equals + 1)];
  });
}

/** Sets an own property, even one named `__proto__`, which plain assignment would take as the prototype. */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
