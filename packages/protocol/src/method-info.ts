import type { ServerCapabilities } from './schemas/capabilities.js';

/** What the protocol says about one client→server request method, apart from its schemas (digest §1.6). */
export interface MethodInfo {
  readonly direction: 'client-to-server';
  /** Whether the server may answer with `resultType: "input_required"` (S-53). */
  readonly inputRequired: boolean;
  /** Whether a complete result carries `ttlMs`/`cacheScope` and may be cached (P-70, Q-9). */
  readonly cacheable: boolean;
  /** Whether the method takes `cursor` and answers `nextCursor` (PAGE). */
  readonly paginated: boolean;
  /** The server capability that must be advertised for the method to exist (S-4); `undefined` = always. */
  readonly capability: keyof ServerCapabilities | undefined;
  /** The params field mirrored in the HTTP `Mcp-Name` header, if any. */
  readonly nameParam: 'name' | 'uri' | undefined;
}

function info(flags: Partial<Omit<MethodInfo, 'direction'>>): MethodInfo {
  return {
    direction: 'client-to-server',
    inputRequired: flags.inputRequired ?? false,
    cacheable: flags.cacheable ?? false,
    paginated: flags.paginated ?? false,
    capability: flags.capability,
    nameParam: flags.nameParam,
  };
}

/**
 * Every request method of 2026-07-28 with its flags. Kept apart from the schemas (`methods`) so
 * routing a request needs no schema library loaded.
 */
export const methodInfos = {
  'server/discover': info({ cacheable: true }),
  'tools/list': info({ cacheable: true, paginated: true, capability: 'tools' }),
  'tools/call': info({ inputRequired: true, capability: 'tools', nameParam: 'name' }),
  'prompts/list': info({ cacheable: true, paginated: true, capability: 'prompts' }),
  'prompts/get': info({ inputRequired: true, capability: 'prompts', nameParam: 'name' }),
  'resources/list': info({ cacheable: true, paginated: true, capability: 'resources' }),
  'resources/templates/list': info({ cacheable: true, paginated: true, capability: 'resources' }),
  'resources/read': info({ inputRequired: true, cacheable: true, capability: 'resources', nameParam: 'uri' }),
  'completion/complete': info({ capability: 'completions' }),
  'subscriptions/listen': info({}),
} as const;

/**
 * `methodInfos` without a prototype, so that a name it lacks (`constructor`, `__proto__`) finds
 * nothing: one property load per lookup, where `Object.hasOwn` is a builtin call per request.
 */
const byName: Readonly<Record<string, MethodInfo | undefined>> = Object.setPrototypeOf(
  { ...methodInfos },
  null,
);

/** The flags of `name`, or `undefined` for a method 2026-07-28 does not define. */
export function methodInfo(name: string): MethodInfo | undefined {
  return byName[name];
}
