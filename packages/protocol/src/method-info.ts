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
 * `name` as the literal of the method it names, or `undefined` for a method 2026-07-28 does not
 * define. A request's method comes from `JSON.parse`, which since V8 12 (Node 22) leaves a string
 * value of 10 characters or more (`tools/call`) out of the string table, so a property load keyed
 * by it looks it up there first: about 420 instructions a request, and a cache miss. Loads keyed
 * by the literal skip that; the `switch` compares lengths before characters.
 */
export function knownMethod(name: string): keyof typeof methodInfos | undefined {
  switch (name) {
    case 'tools/call':
      return 'tools/call';
    case 'tools/list':
      return 'tools/list';
    case 'server/discover':
      return 'server/discover';
    case 'resources/read':
      return 'resources/read';
    case 'prompts/get':
      return 'prompts/get';
    case 'prompts/list':
      return 'prompts/list';
    case 'resources/list':
      return 'resources/list';
    case 'resources/templates/list':
      return 'resources/templates/list';
    case 'completion/complete':
      return 'completion/complete';
    case 'subscriptions/listen':
      return 'subscriptions/listen';
    default:
      return undefined;
  }
}

/** The flags of `name`, or `undefined` for a method 2026-07-28 does not define. */
export function methodInfo(name: string): MethodInfo | undefined {
  const known = knownMethod(name);
  return known === undefined ? undefined : methodInfos[known];
}
