import type { IncomingHttpHeaders } from 'node:http';

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
    const value = this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
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
