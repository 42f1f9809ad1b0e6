import type { McpEndpoint } from './contracts.js';
import { LazyRequestContext, LeanRequestContext } from './lazy-context.js';

/** The class a transport constructs each request's context with: see `requestContextClass`. */
export type RequestContextClass = typeof LeanRequestContext;

/** Endpoints that keep their contexts to themselves, with the `handle` that does. */
const keepers = new WeakMap<McpEndpoint, McpEndpoint['handle']>();

/**
 * Declares that `handle`, as `endpoint`'s method, never hands the context a transport gives it
 * to other code (middleware, hooks and handlers get objects of their own), so nothing can spread
 * it: transports may then give it a `LeanRequestContext`. A subclass that overrides `handle`, and
 * any wrapper of the endpoint, is not covered and gets the spread-safe `LazyRequestContext`.
 *
 * @example
 * ```ts
 * class Server implements McpEndpoint {
 *   constructor() { keepsRequestContext(this, Server.prototype.handle); }
 *   handle(message: unknown, context: RequestContext): EndpointExchange { ... }
 * }
 * ```
 */
export function keepsRequestContext(endpoint: McpEndpoint, handle: McpEndpoint['handle']): void {
  keepers.set(endpoint, handle);
}

/**
 * The context class for requests to `endpoint`, read once when a transport is created:
 * `LeanRequestContext` when it keeps its contexts to itself (`keepsRequestContext`), else
 * `LazyRequestContext`.
 *
 * @example
 * ```ts
 * const Context = requestContextClass(endpoint);
 * endpoint.handle(message, new Context({ transport: 'stdio' }));
 * ```
 */
export function requestContextClass(endpoint: McpEndpoint): RequestContextClass {
  const handle = keepers.get(endpoint);
  return handle !== undefined && handle === endpoint.handle ? LeanRequestContext : LazyRequestContext;
}
