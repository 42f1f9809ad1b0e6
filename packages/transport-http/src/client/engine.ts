import { checkEngineOption, globalFetchSender, noNodeEngine } from './fetch-engine.js';
import { type HttpModule, nodeSender } from './node-sender.js';
import type { Fetch, HttpSender } from './sender.js';

/**
 * How the HTTP client transport sends its requests: `'node'` through `node:http`/`node:https` with
 * a keep-alive agent (Node only), `'fetch'` through `fetch` (every runtime).
 */
export type HttpEngine = 'fetch' | 'node';

interface NodeProcess {
  release?: { name?: string };
  versions?: Record<string, string | undefined>;
  getBuiltinModule?: (id: string) => unknown;
}

interface RuntimeGlobals {
  process?: NodeProcess;
  Deno?: unknown;
  Bun?: unknown;
  navigator?: { userAgent?: string };
}

/**
 * Node's `getBuiltinModule` when this is Node itself; `undefined` in browsers and in runtimes that
 * imitate Node (Deno, Bun, workerd), whose own `fetch` is their fast path. `getBuiltinModule` loads
 * `node:http` without an import, so bundles for other runtimes never see it.
 */
export function nodeBuiltins(scope: RuntimeGlobals = globalThis as RuntimeGlobals) {
  const node = scope.process;
  if (scope.Deno !== undefined || scope.Bun !== undefined) return undefined;
  if (node?.release?.name !== 'node' || typeof node.getBuiltinModule !== 'function') return undefined;
  if (node.versions?.bun !== undefined || node.versions?.deno !== undefined) return undefined;
  if (scope.navigator?.userAgent === 'Cloudflare-Workers') return undefined;
  return node.getBuiltinModule.bind(node) as (id: string) => unknown;
}

/** The sender for the transport's options: see `HttpClientTransportOptions.engine`. */
export function chooseSender(engine: HttpEngine | undefined, fetchOption: Fetch | undefined): HttpSender {
  checkEngineOption(engine, fetchOption);
  const builtin = engine === 'fetch' || fetchOption !== undefined ? undefined : nodeBuiltins();
  if (engine === 'node' && builtin === undefined) throw noNodeEngine();
  if (builtin === undefined) return globalFetchSender(fetchOption);
  return nodeSender({
    http: builtin('node:http') as HttpModule,
    https: () => builtin('node:https') as HttpModule,
  });
}
