/** RFC 6749 §3.3 `scope-token`: printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const NONE: readonly string[] = Object.freeze([]);

/**
 * The scopes a registration declares, checked and frozen; throws a `TypeError` for one that is
 * not an OAuth scope token (empty, or with a space, quote, backslash or non-ASCII character).
 */
export function compileScopes(scopes: readonly string[] | undefined, where: string): readonly string[] {
  if (scopes === undefined || scopes.length === 0) return NONE;
  for (const scope of scopes) {
    if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope)) {
      throw new TypeError(`${where}: ${JSON.stringify(scope)} is not an OAuth scope token (RFC 6749 §3.3)`);
    }
  }
  return Object.freeze([...new Set(scopes)]);
}

/**
 * What `McpServer.requiredScopes` looks up: a tool or prompt by name, a resource by URI or
 * template, or what a subscription to a URI hears of.
 */
export type ScopedTarget =
  | { readonly tool: string }
  | { readonly prompt: string }
  /** The resource a `resources/read` of this URI reads: a static resource, else the matching template. */
  | { readonly resource: string }
  | { readonly resourceTemplate: string }
  /**
   * Every resource a subscription to this URI hears of: the one it names and those below it
   * (sub-resources), templates included when their URIs may fall below it.
   */
  | { readonly subscription: string };
