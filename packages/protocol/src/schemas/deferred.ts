/**
 * Builds a value on first use, once. The protocol defines hundreds of zod schemas and building them
 * all at import took ~9 ms of every process's start-up; most processes use a handful.
 */
export function deferred<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
