import { isTaskMethod, McpError, type Method, type TaskMethod } from '@mcpkit/protocol';
import type {
  LegacyMethod,
  McpCall,
  McpServer,
  MethodResult,
  Middleware,
  ScopedTarget,
} from '@mcpkit/server';
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
   * `scopes`; the tasks extension's `tasks/get`, `tasks/update` and `tasks/cancel` included, and
   * the methods only a 2025-era session has: `initialize`, `resources/subscribe`,
   * `resources/unsubscribe` and `logging/setLevel`.
   */
  methodScopes?: Readonly<Partial<Record<Method | TaskMethod | LegacyMethod, readonly string[]>>>;
  /** Broad scopes that imply narrower ones (A-11). */
  scopeHierarchy?: ScopeHierarchy;
  /** Leave out of lists what the caller's scopes do not allow it to use (A-14); default `false`. */
  filterLists?: boolean;
  /** The Protected Resource Metadata URL named in every challenge (A-5). */
  resourceMetadataUrl?: string;
}

/** Where the scopes of registrations, and of the tools that made tasks, come from: an `McpServer`. */
export type ScopeSource = Pick<McpServer, 'requiredScopes' | 'taskScopes'>;

type Params = Record<string, unknown>;
type GuardedMethod = McpCall['method'];

/** What a list method's items are used for: the method, and the registration each item names. */
const LISTED: Partial<
  Record<Method, { field: string; use: Method; target: (item: Params) => ScopedTarget }>
> = {
  'tools/list': { field: 'tools', use: 'tools/call', target: (item) => ({ tool: String(item.name) }) },
  'prompts/list': { field: 'prompts', use: 'prompts/get', target: (item) => ({ prompt: String(item.name) }) },
  'resources/list': {
    field: 'resources',
    use: 'resources/read',
    target: (item) => ({ resource: String(item.uri) }),
  },
  'resources/templates/list': {
    field: 'resourceTemplates',
    use: 'resources/read',
    target: (item) => ({ resourceTemplate: String(item.uriTemplate) }),
  },
};

const NONE: readonly string[] = [];

/** The scopes of every resource a `subscriptions/listen` filter's resource subscriptions hear of. */
function subscribedScopes(server: ScopeSource, filter: unknown): readonly string[] {
  const uris = (filter as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
  if (!Array.isArray(uris) || uris.length === 0) return NONE;
  const scopes = new Set<string>();
  // Each URI once: a filter that repeats one thousands of times costs one lookup.
  for (const uri of new Set(uris))
    for (const scope of server.requiredScopes({ subscription: String(uri) })) scopes.add(scope);
  return [...scopes];
}

/**
 * The registration a request of `method` resolves to, the way its handler resolves it: a tool or
 * prompt by name, a read's resource by `uri` (a static resource, else the first matching
 * template), a completion by its reference (a template by its exact `uriTemplate`, as the
 * handler looks it up); a subscription, every resource whose updates it would hear of. Nothing
 * else the client sends (such as a `uriTemplate` beside the `uri` of a read) counts.
 */
function targetOf(method: GuardedMethod, params: Params): ScopedTarget | undefined {
  switch (method) {
    case 'tools/call':
      return { tool: String(params.name) };
    case 'prompts/get':
      return { prompt: String(params.name) };
    case 'resources/read':
      return { resource: String(params.uri) };
    case 'resources/subscribe':
      return { subscription: String(params.uri) };
    case 'completion/complete': {
      const ref = (params.ref ?? {}) as Params;
      return ref.type === 'ref/prompt' ? { prompt: String(ref.name) } : { resourceTemplate: String(ref.uri) };
    }
    default:
      return undefined;
  }
}

/**
 * The scopes of the tools that made the tasks a request is about: the task of `tasks/get`,
 * `tasks/update` or `tasks/cancel`, the tasks whose status a listen would hear of. Only these
 * requests read the task store; the rest resolve synchronously to `undefined`.
 */
function taskToolScopes(
  server: ScopeSource,
  call: McpCall,
  params: Params,
): Promise<readonly string[]> | undefined {
  const { method } = call;
  const auth = call.context.auth;
  if (isTaskMethod(method)) return server.taskScopes(String(params.taskId), method, auth);
  if (method !== 'subscriptions/listen') return undefined;
  const ids = (params.notifications as { taskIds?: unknown } | undefined)?.taskIds;
  if (!Array.isArray(ids) || ids.length === 0) return undefined;
  const unique = [...new Set(ids)];
  return Promise.all(unique.map((id) => server.taskScopes(String(id), method, auth))).then((each) =>
    each.flat(),
  );
}

/** The scopes the registrations a request resolves to declare, for `method`. */
function registeredScopes(server: ScopeSource, method: GuardedMethod, params: Params): readonly string[] {
  if (method === 'subscriptions/listen') return subscribedScopes(server, params.notifications);
  const target = targetOf(method, params);
  return target === undefined ? NONE : server.requiredScopes(target);
}

/**
 * Middleware that enforces required scopes before the handler: every scope of `requiredScopes`,
 * of `methodScopes[method]` and of the `scopes` of the tool, prompt or resource the request
 * resolves to, honouring the hierarchy (A-11). A read's `uri` finds its resource as the handler
 * does; a subscription's (2025 `resources/subscribe`, 2026 `subscriptions/listen`) needs the
 * scopes of every resource whose updates it would hear of, those below its URI included. Nothing
 * else the client sends changes which registration counts. A request about a task (`tasks/*`, a
 * listen's `taskIds`) needs the scopes of the tool that made it (`server.taskScopes`). The 2025-era
 * `initialize` (as `server/discover`), `resources/subscribe`, `resources/unsubscribe` and
 * `logging/setLevel` pass through it too. A caller without a token
 * gets 401; one whose token lacks a scope gets 403 `insufficient_scope` whose challenge lists
 * every scope the operation needs, at once (A-9, A-10), never `offline_access` (A-12). With
 * `filterLists`, lists leave out what the caller cannot use, and say `cacheScope: "private"` (A-14).
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
  const needed = (method: GuardedMethod, registered: readonly string[], ofTasks?: readonly string[]) =>
    challengeScopes(base, options.methodScopes?.[method], registered, ofTasks);

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
    const ofTasks = taskToolScopes(server, call, params);
    const registered = registeredScopes(server, method, params);
    const scopes = needed(method, registered, ofTasks && (await ofTasks));
    if (scopes.length > 0 && !checker.coversAll(granted ?? [], scopes)) throw refuse(granted, scopes);
    const listed = options.filterLists ? LISTED[method as Method] : undefined;
    if (listed === undefined) return call.next();
    const result = (await call.next()) as unknown as Params;
    const items = result[listed.field];
    if (!Array.isArray(items)) return result as unknown as MethodResult<Method>;
    const usable = items.filter((item) =>
      checker.coversAll(granted ?? [], needed(listed.use, server.requiredScopes(listed.target(item)))),
    );
    return { ...result, [listed.field]: usable, cacheScope: 'private' } as unknown as MethodResult<Method>;
  };
}
