import { TransportError } from '@mcpkit/protocol/internal';
import { FOLLOWED, isUnauthorized, type RecoveryKit } from './reply-status.js';
import { MAX_AUTH_RETRIES, MAX_REDIRECTS } from './transport-options.js';

/** The code after a redirect or a 401/403 (`reply-recovery.ts`), loaded with the first such reply. */
let recovery: Promise<typeof import('./reply-recovery.js')> | undefined;

export function loadRecovery(): Promise<typeof import('./reply-recovery.js')> {
  if (recovery !== undefined) return recovery;
  const loading = import('./reply-recovery.js');
  // A chunk that failed to load (a browser offline) fails that reply; a later one tries again.
  loading.catch(() => {
    if (recovery === loading) recovery = undefined;
  });
  recovery = loading;
  return loading;
}

/** What `reply-recovery.ts` takes from this chunk. */
export function recoveryKit(): RecoveryKit {
  return {
    TransportError,
    followed: FOLLOWED,
    maxRedirects: MAX_REDIRECTS,
    maxAuthRetries: MAX_AUTH_RETRIES,
    isUnauthorized,
  };
}
