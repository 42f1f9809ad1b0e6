import type {
  ErrorCode,
  isTransportError,
  loadClientSchemas,
  McpError,
  MetaKey,
  TransportError,
} from '@mcpkit/protocol/internal';
import type { CallState } from '../call.js';
import type { waitUnless } from '../call-limits.js';
import type { timerDelay } from '../deadlines.js';
import type {
  InputRequiredError,
  InvalidResponseError,
  peerError,
  RequestTimeoutError,
  ServerStreamRefusedError,
} from '../errors.js';
import type { listenFilter } from '../listen-call.js';
import type { deliverLog, isAtLeast } from '../logs.js';
import type { hookedServerNotification, hookedServerRequest } from '../wire-hooks.js';

// The 2025 era loads with `import()` into a chunk of its own (`support.ts`). What it uses of the
// client's first chunk is handed in when it loads, not imported: a bundler would cut every module both
// import out of the first chunk into one more file for a browser to fetch first.

/** The values of the first chunk the 2025 era uses. */
export interface LegacyKit {
  MetaKey: typeof MetaKey;
  loadClientSchemas: typeof loadClientSchemas;
  McpError: typeof McpError;
  TransportError: typeof TransportError;
  isTransportError: typeof isTransportError;
  ErrorCode: typeof ErrorCode;
  CallState: typeof CallState;
  timerDelay: typeof timerDelay;
  waitUnless: typeof waitUnless;
  InvalidResponseError: typeof InvalidResponseError;
  RequestTimeoutError: typeof RequestTimeoutError;
  InputRequiredError: typeof InputRequiredError;
  ServerStreamRefusedError: typeof ServerStreamRefusedError;
  peerError: typeof peerError;
  listenFilter: typeof listenFilter;
  deliverLog: typeof deliverLog;
  isAtLeast: typeof isAtLeast;
  hookedServerRequest: typeof hookedServerRequest;
  hookedServerNotification: typeof hookedServerNotification;
}

/**
 * The kit, filled by `legacyEra` before any of this era runs. Every client hands the same values
 * (its entry's), so a later fill changes nothing.
 */
export const kit = {} as LegacyKit;

/** Fills `kit` with what the first chunk hands in. */
export function adoptKit(values: LegacyKit): void {
  Object.assign(kit, values);
}
