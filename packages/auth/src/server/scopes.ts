/**
 * Which scopes a granted scope implies: a map from a broad scope to the narrower ones it
 * covers (followed transitively), or a function. `{ 'files:admin': ['files:write'],
 * 'files:write': ['files:read'] }` lets a `files:admin` token call a `files:read` tool.
 */
export type ScopeHierarchy =
  | Readonly<Record<string, readonly string[]>>
  | ((granted: string, required: string) => boolean);

const OFFLINE_ACCESS = 'offline_access';

/** Decides whether a set of granted scopes covers required ones, honouring a hierarchy. */
export class ScopeChecker {
  readonly #implied: ((granted: string, required: string) => boolean) | undefined;

  constructor(hierarchy?: ScopeHierarchy) {
    if (typeof hierarchy === 'function') this.#implied = hierarchy;
    else if (hierarchy !== undefined) this.#implied = closureOf(hierarchy);
  }

  /** The required scopes that `granted` does not cover, in their order; `[]` when it covers all. */
  missing(granted: readonly string[], required: readonly string[]): string[] {
    const out: string[] = [];
    for (const scope of required) {
      if (!this.covers(granted, scope)) out.push(scope);
    }
    return out;
  }

  /** Whether `granted` covers every one of `required`. */
  coversAll(granted: readonly string[], required: readonly string[]): boolean {
    return required.every((scope) => this.covers(granted, scope));
  }

  /** Whether `granted` holds `required` itself or a scope that implies it. */
  covers(granted: readonly string[], required: string): boolean {
    if (granted.includes(required)) return true;
    const implied = this.#implied;
    return implied !== undefined && granted.some((scope) => implied(scope, required));
  }
}

/** The transitive closure of a hierarchy map, computed once: `implies(a, b)` is then a lookup. */
function closureOf(
  hierarchy: Readonly<Record<string, readonly string[]>>,
): (granted: string, required: string) => boolean {
  const closure = new Map<string, Set<string>>();
  for (const broad of Object.keys(hierarchy)) {
    const reached = new Set<string>();
    const pending = [...(hierarchy[broad] ?? [])];
    while (pending.length > 0) {
      const scope = pending.pop()!;
      if (reached.has(scope) || scope === broad) continue;
      reached.add(scope);
      pending.push(...(Object.hasOwn(hierarchy, scope) ? hierarchy[scope]! : []));
    }
    closure.set(broad, reached);
  }
  return (granted, required) => closure.get(granted)?.has(required) ?? false;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * Distinct scopes in first-seen order, without `offline_access`, which no challenge names.
 * Requests that need no scope (the common case) share one empty array.
 */
export function challengeScopes(...lists: ReadonlyArray<readonly string[] | undefined>): readonly string[] {
  if (lists.every((list) => list === undefined || list.length === 0)) return NONE;
  const out = new Set<string>();
  for (const list of lists) {
    for (const scope of list ?? []) if (scope !== OFFLINE_ACCESS) out.add(scope);
  }
  return [...out];
}

/** The scopes of a token's `scope` claim (a space-separated string, RFC 9068) or `scp` (an array). */
export function scopesOfClaims(claims: Readonly<Record<string, unknown>>): string[] {
  const { scope, scp } = claims;
  if (typeof scope === 'string') return scope.split(' ').filter((item) => item.length > 0);
  const list = Array.isArray(scope)
    ? scope
    : Array.isArray(scp)
      ? scp
      : typeof scp === 'string'
        ? scp.split(' ')
        : [];
  return list.filter((item): item is string => typeof item === 'string' && item.length > 0);
}
