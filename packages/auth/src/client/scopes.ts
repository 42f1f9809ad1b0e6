import type * as oauth from 'oauth4webapi';
import type { ResourceChallenge } from './challenge.js';
import type { ResourceMetadata } from './discovery.js';

const OFFLINE_ACCESS = 'offline_access';

/** The union of scope sets, in first-seen order, without duplicates. */
export function unionScopes(...sets: (readonly string[] | undefined)[]): string[] {
  return [...new Set(sets.flatMap((set) => set ?? []))];
}

/**
 * The scopes to ask for: the challenge's `scope` when it has one, else every
 * `scopes_supported` of the resource metadata, else none (the `scope` parameter is then omitted);
 * united with the scopes asked for before, so a step-up keeps what was granted; plus
 * `offline_access` when the authorization server lists it and `offlineAccess` is on.
 */
export function chooseScopes(
  challenge: ResourceChallenge | undefined,
  resource: ResourceMetadata,
  as: oauth.AuthorizationServer,
  previous: readonly string[] | undefined,
  offlineAccess: boolean,
): string[] | undefined {
  const wanted = unionScopes(previous, challenge?.scopes ?? resource.scopes_supported);
  if (wanted.length === 0) return undefined;
  const supported = as.scopes_supported;
  if (offlineAccess && Array.isArray(supported) && supported.includes(OFFLINE_ACCESS)) {
    return unionScopes(wanted, [OFFLINE_ACCESS]);
  }
  return wanted.filter(
    (scope) => scope !== OFFLINE_ACCESS || (Array.isArray(supported) && supported.includes(scope)),
  );
}
