/** What the transport reads of `process`, where there is one. */
interface NodeProcess {
  release?: { name?: string };
  versions?: Record<string, string | undefined>;
  getBuiltinModule?: (id: string) => unknown;
}

export interface RuntimeGlobals {
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
