import type { HttpEngine } from './engine.js';
import { type Fetch, fetchSender, type HttpSender } from './sender.js';

/** Refuses an `engine` option that is no engine, or that contradicts the `fetch` option. */
export function checkEngineOption(engine: HttpEngine | undefined, fetchOption: Fetch | undefined): void {
  if (engine !== undefined && engine !== 'fetch' && engine !== 'node') {
    throw new TypeError(`engine must be 'fetch' or 'node', got ${String(engine)}`);
  }
  if (engine === 'node' && fetchOption !== undefined) {
    throw new TypeError("engine 'node' does not use the fetch option: pass one or the other");
  }
}

/** The error for `engine: 'node'` where there is no `node:http`. */
export function noNodeEngine(): TypeError {
  return new TypeError("engine 'node' needs Node.js (node:http); use 'fetch' on this runtime");
}

/** A sender over the `fetch` option, or the global `fetch` as it is when each request is sent. */
export function globalFetchSender(fetchOption: Fetch | undefined): HttpSender {
  return fetchSender(fetchOption ?? ((input, init) => globalThis.fetch(input, init)));
}

/**
 * The sender of the builds for browsers and workers, which have no `node:http`: always `fetch`;
 * `engine: 'node'` is a `TypeError` there, as it is on any runtime without Node's HTTP.
 */
export function chooseFetchSender(
  engine: HttpEngine | undefined,
  fetchOption: Fetch | undefined,
): HttpSender {
  checkEngineOption(engine, fetchOption);
  if (engine === 'node') throw noNodeEngine();
  return globalFetchSender(fetchOption);
}
