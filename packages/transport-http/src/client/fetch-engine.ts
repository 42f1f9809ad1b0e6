import { nodeBuiltins, type RuntimeGlobals } from './runtime.js';
import { type Fetch, fetchSender, type HttpSender } from './sender.js';
import type { HttpEngine } from './transport-options.js';

/** Refuses an `engine` option that is no engine, or that contradicts the `fetch` option. */
export function checkEngineOption(engine: HttpEngine | undefined, fetchOption: Fetch | undefined): void {
  if (engine !== undefined && engine !== 'fetch' && engine !== 'node') {
    throw new TypeError(`engine must be 'fetch' or 'node', got ${String(engine)}`);
  }
  if (engine === 'node' && fetchOption !== undefined) {
    throw new TypeError("engine 'node' does not use the fetch option: pass one or the other");
  }
}

/** The error for `engine: 'node'` on a runtime that is not Node.js (no `node:http`). */
export function noNodeEngine(): TypeError {
  return new TypeError(
    "engine 'node' needs Node.js itself (node:http), which this runtime is not: leave engine out, or set it to 'fetch', to send through fetch",
  );
}

/**
 * The error for `engine: 'node'` in the build for browsers and workers. Node.js runs that build when
 * a tool resolves the package with one of their export conditions (jest-environment-jsdom does), and
 * then the error says so and what to do.
 */
export function noNodeEngineInFetchBuild(scope: RuntimeGlobals = globalThis as RuntimeGlobals): TypeError {
  if (nodeBuiltins(scope) === undefined) return noNodeEngine();
  return new TypeError(
    'engine \'node\' is not in this build: Node.js loaded the build of @mcpkit/transport-http for browsers and workers through the "browser", "worker" or "workerd" export condition (jest-environment-jsdom resolves "browser"). Leave engine out to send through fetch, or resolve the package with the "node" condition (README: "Browser builds under Node.js")',
  );
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
  if (engine === 'node') throw noNodeEngineInFetchBuild();
  return globalFetchSender(fetchOption);
}
