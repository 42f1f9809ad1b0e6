import type { EraEvidence, EraStep } from './era-types.js';
import { probeVerdict } from './version.js';

/**
 * The step after an answer to `server/discover` for a client that speaks 2026-07-28 only: a legacy
 * verdict is a `legacy-server` failure (T-23). `nextEraStep` falls back from that failure to
 * `initialize` when the era option allows it (T-21); `connectModern` never does.
 */
export function afterProbe(
  modernVersions: readonly string[],
  evidence: Extract<EraEvidence, { step: 'probe' }>,
): Extract<EraStep, { kind: 'connected' | 'probe' | 'failed' }> {
  const { outcome } = evidence;
  const verdict = probeVerdict(outcome, modernVersions, evidence.retried);
  switch (verdict.kind) {
    case 'modern':
      return { kind: 'connected', era: 'modern', verdict: 'modern', version: verdict.version };
    case 'retry':
      return { kind: 'probe', version: verdict.version };
    case 'no-common-version':
      return {
        kind: 'failed',
        reason: 'no-common-version',
        evidence: 'the server speaks no modern version the client speaks',
        theirs: verdict.theirs,
      };
    case 'failed':
      return { kind: 'failed', reason: 'error', evidence: verdict.error.message, cause: verdict.error };
    case 'legacy':
      return {
        kind: 'failed',
        reason: 'legacy-server',
        evidence: verdict.evidence,
        cause: 'error' in outcome ? outcome.error : undefined,
      };
  }
}
