import { McpError, type Method, type TaskMethod } from '@mcpkit/protocol';
import type { McpCall, McpServer, MethodResult, Middleware } from '@mcpkit/server';
import { type Challenge, wwwAuthenticate } from './challenge.js';
import { challengeScopes, ScopeChecker, type ScopeHierarchy } from './scopes.js';

/**
 * JSON-RPC codes of the refusals `scopeGuard` makes, outside JSON-RPC's reserved range (P-26).
 * Over HTTP the status (401, 403) and the `WWW-Authenticate` challenge are what clients act on.
 */
export const AuthErrorCode = { Unauthorized: -31401, InsufficientScope: -31403 } as const;

/** Options of `scopeGuard`. */
export interface ScopeGuardOptions {
  /** Scopes every request needs. */
  requiredScopes?: readonly string[];
  /**
   * Scopes per method, e.g. `{ 'tools/call': ['mcp:tools'] }`, on top of each registration's
   * `scopes`; the tasks extension's `tasks/get`, `tasks/update` and `tasks/cancel` included.
   */
  methodScopes?: Readonly<Partial<Record<Method | TaskMethod, readonly string[]>>>;
  /** Broad scopes that imply narrower ones. */
  scopeHierarchy?: ScopeHierarchy;
  /** Leave out of lists what the caller's scopes do not allow it to use; default `false`. */
  filterLists?: boolean;
  /** The Protected Resource Metadata URL named in every challenge. */
  resourceMetadataUrl?: string;
}

/** Where the scopes of registrations come from: an `McpServer`. */
export type ScopeSource = Pick<McpServer, 'requiredScopes'>;

type Params = Record<string, unknown>;
const LISTED: Partial<Record<Method, { field: string; use: Method; target: (item: Params) => Params }>> = {
  'tools/list': { field: 'tools', use: 'tools/call', target: (item) => ({ name: item.name }) },
  'prompts/list': { field: 'prompts', use: 'prompts/get', target: (item) => ({ name: item.name }) },
  'resources/list': { field: 'resources', use: 'resources/read', target: (item) => ({ uri: item.uri }) },
  'resources/templates/list': {
    field: 'resourceTemplates',
    use: 'resources/read',
    target: (item) => ({ uriTemplate: item.uriTemplate }),
  },
};

/** The scopes a registration named by `params` declares, for `method`. */
function registeredScopes(
  server: ScopeSource,
  method: Method | TaskMethod,
  params: Params,
): readonly string[] {
  switch (method) {
    case 'tools/call':
      return server.requiredScopes({ tool: String(params.name) });
    case 'prompts/get':
      return server.requiredScopes({ prompt: String(params.name) });
    case 'resources/read':
      return typeof params.uriTemplate === 'string'
        ? server.requiredScopes({ resourceTemplate: params.uriTemplate })
        : server.requiredScopes({ resource: String(params.uri) });
    case 'completion/complete': {
      const ref = (params.ref ?? {}) as Params;
      if (ref.type === 'ref/prompt') return server.requiredScopes({ prompt: String(ref.name) });
      return server.requiredScopes({ resourceTemplate: String(ref.uri) });
    }
    default:
      return [];
  }
}

/**
 * Middleware that enforces required scopes before the handler: every scope of `requiredScopes`,
 * of `methodScopes[method]` and of the called tool, prompt or resource's `scopes`, honouring the
 * hierarchy. A caller without a token gets 401; one whose token lacks a scope gets 403
 * `insufficient_scope` whose challenge lists every scope the operation needs, at once (A-9,
 * A-10), never `offline_access`. With `filterLists`, lists leave out what the caller
 * cannot use, and say `cacheScope: "private"`.
 *
 * @example
 * ```ts
 * server.tool('delete_file', { scopes: ['files:write'], inputSchema }, handler);
 * server.use(scopeGuard(server, { resourceMetadataUrl, filterLists: true }));
 * ```
 */
export function scopeGuard(server: ScopeSource, options: ScopeGuardOptions = {}): Middleware {
  const checker = new ScopeChecker(options.scopeHierarchy);
  const base = options.requiredScopes ?? [];
  const needed = (method: Method | TaskMethod, params: Params) =>
    challengeScopes(base, options.methodScopes?.[method], registeredScopes(server, method, params));

  const refuse = (granted: readonly string[] | undefined, scopes: readonly string[]): McpError => {
    const challenge: Challenge = { scopes };
    if (options.resourceMetadataUrl !== undefined) challenge.resourceMetadata = options.resourceMetadataUrl;
    if (granted === undefined) {
      return new McpError(
        AuthErrorCode.Unauthorized,
        'Authorization required',
        { requiredScopes: [...scopes] },
        { reason: 'unauthorized', challenge: wwwAuthenticate(challenge) },
      );
    }
    challenge.error = 'insufficient_scope';
    challenge.description = `This operation needs the scopes: ${scopes.join(' ')}`;
    return new McpError(
      AuthErrorCode.InsufficientScope,
      challenge.description,
      { requiredScopes: [...scopes] },
      { reason: 'forbidden', challenge: wwwAuthenticate(challenge) },
    );
  };

  return async (call: McpCall) => {
    const method = call.method;
    const params = call.params as unknown as Params;
    const granted = call.context.auth?.scopes;
    const scopes = needed(method, params);
    if (scopes.length > 0 && !checker.coversAll(granted ?? [], scopes)) throw refuse(granted, scopes);
    const listed = options.filterLists ? LISTED[method as Method] : undefined;
    if (listed === undefined) return call.next();
    const result = (await call.next()) as unknown as Params;
    const items = result[listed.field];
    if (!Array.isArray(items)) return result as unknown as MethodResult<Method>;
    const usable = items.filter((item) =>
      checker.coversAll(granted ?? [], needed(listed.use, listed.target(item))),
    );
    return { ...result, [listed.field]: usable, cacheScope: 'private' } as unknown as MethodResult<Method>;
  };
}
