import type { IncomingHttpHeaders } from 'node:http';

/** Names the server reads, lowercased once; bounded, since code may ask for any number of names. */
const lowerNames = new Map<string, string>();
const MAX_LOWER_NAMES = 64;

/**
 * `name` in lowercase, as Node keys its parsed headers. The server core asks for `MCP-Protocol-Version`,
 * `Mcp-Method` and `Mcp-Name` on every request: lowercasing them each time made a new string that the
 * property lookup then had to find in V8's string table: about 3.5k instructions per request.
 */
function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < MAX_LOWER_NAMES) lowerNames.set(name, lower);
  }
  return lower;
}

/**
 * The value Node parsed for `name`. The names read on every request (the adapter's `Origin`,
 * `Accept` and `Content-Type`, the server core's mirror headers) are matched as constants, so each
 * is a load of a known property; by a computed name, each read was a Map lookup (`lowerName`) and
 * a megamorphic load: about 1.4k instructions a request in all.
 */
function rawValue(raw: IncomingHttpHeaders, name: string): string | string[] | undefined {
  switch (name) {
    case 'MCP-Protocol-Version':
      return raw['mcp-protocol-version'];
    case 'Mcp-Method':
      return raw['mcp-method'];
    case 'Mcp-Name':
      return raw['mcp-name'];
    case 'accept':
      return raw.accept;
    case 'content-type':
      return raw['content-type'];
    case 'origin':
      return raw.origin;
    case 'mcp-session-id':
      return raw['mcp-session-id'];
    default:
      return raw[lowerName(name)];
  }
}

/**
 * A read-only Web `Headers` view of Node's parsed request headers, made without copying them
 * (building a real `Headers` costs microseconds per request on Node 20). Node already
 * lowercases names and joins repeated values with `, `, as `Headers.get` does.
 */
export class NodeHeaders implements Headers {
  readonly #raw: IncomingHttpHeaders;

  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const value = rawValue(this.#raw, name);
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return rawValue(this.#raw, name) !== undefined;
  }

  getSetCookie(): string[] {
    return this.#raw['set-cookie'] ?? [];
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  *entries(): HeadersIterator<[string, string]> {
    for (const key of Object.keys(this.#raw).sort()) {
      const value = this.get(key);
      if (value !== null) yield [key, value];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  append(): void {
    throw new TypeError('Request headers are immutable');
  }

  set(): void {
    throw new TypeError('Request headers are immutable');
  }

  delete(): void {
    throw new TypeError('Request headers are immutable');
  }
}
