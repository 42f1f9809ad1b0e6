/**
 * Where a result keeps its own JSON text. A registered symbol, so copies of this package loaded
 * side by side (ESM and CJS) agree on it; non-enumerable, so spreads and `JSON.stringify` never
 * see it.
 */
const SERIALIZED = Symbol.for('@mcpkit/protocol/serialized-result');

/**
 * Attaches the JSON text of `result`, so that every transport writes that text instead of
 * serializing the result again: for a large result that is the same for many requests (a
 * `tools/list` page), computed once. `json` must be exactly `JSON.stringify(result)`, and
 * `result` must not change afterwards.
 *
 * @example
 * ```ts
 * const page = { resultType: 'complete', tools };
 * withSerializedResult(page, JSON.stringify(page));
 * serializeMessage({ jsonrpc: '2.0', id: 1, result: page }); // splices the text in
 * ```
 */
export function withSerializedResult<T extends object>(result: T, json: string): T {
  Object.defineProperty(result, SERIALIZED, { value: json, configurable: true });
  return result;
}

/**
 * `JSON.stringify(message)`, except that a response whose result carries its own text
 * (`withSerializedResult`) is written around that text. Same output either way.
 */
export function serializeMessage(message: unknown): string {
  const result = (message as { result?: unknown } | null)?.result;
  if (typeof result === 'object' && result !== null) {
    const json = (result as { [SERIALIZED]?: unknown })[SERIALIZED];
    if (typeof json === 'string' && isPlainResponse(message as Record<string, unknown>)) {
      return `{"jsonrpc":"2.0","id":${JSON.stringify((message as { id: unknown }).id)},"result":${json}}`;
    }
  }
  return JSON.stringify(message);
}

/** Whether a response is exactly `{ jsonrpc: "2.0", id, result }`, in that order, with a string or number id. */
function isPlainResponse(message: Record<string, unknown>): boolean {
  const keys = Object.keys(message);
  const id = message.id;
  return (
    keys.length === 3 &&
    keys[0] === 'jsonrpc' &&
    keys[1] === 'id' &&
    keys[2] === 'result' &&
    message.jsonrpc === '2.0' &&
    (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) &&
    typeof (message as { toJSON?: unknown }).toJSON !== 'function'
  );
}
