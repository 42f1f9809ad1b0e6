import { ErrorCode, McpError, TransportError } from '@mcpkit/protocol';
import type { CallResult, CallState } from './call.js';
import type { Next, Step } from './call-chain.js';
import { waitLimit, waitUnless } from './call-limits.js';
import type { Connection } from './connection.js';
import type { TimeoutLimits } from './exchange.js';
import type { Requester } from './requester.js';

/** How often a request lost in transit is re-issued (C-55, T-17). */
const MAX_REISSUES = 2;

function isVersionRefusal(error: unknown): error is McpError {
  return error instanceof McpError && error.code === ErrorCode.UnsupportedProtocolVersion;
}

/**
 * The step that answers `-32022` (C-10): the request is sent again, once, as a new request with
 * the client's most preferred version among the server's `data.supported`, which every later
 * request carries too. No such version, or a second refusal, is a `NoCommonVersionError`.
 */
export function versionRetryStep(requester: Requester): Step {
  return async (call, next) => {
    for (let retried = false; ; retried = true) {
      try {
        return await next(call);
      } catch (error) {
        if (!isVersionRefusal(error)) throw error;
        const noCommonVersion = requester.adoptVersionAfterRefusal(error.data, call.version!, !retried);
        if (noCommonVersion) throw noCommonVersion;
      }
    }
  };
}

/**
 * The step that re-issues a request lost in transit (C-55, T-17) as a new request with a new id,
 * at most `MAX_REISSUES` times, for every method but `tools/call`, whose side effect must not
 * run twice: a lost tool call fails with the retryable `TransportError` and the application
 * decides. After a restart the request waits for the re-probe of the new server first, within
 * the call's timeouts, so it carries what the new server said. A request a 2025-era server
 * refused because it no longer knew the session (`session-expired`, B-11) was never run: it is
 * re-sent whatever its method, once the client has run `initialize` again.
 */
export function reissueStep(connection: Connection, limits: TimeoutLimits): Step {
  return (call, next) => reissue(call, next, connection, limits);
}

async function reissue(
  call: CallState,
  next: Next,
  connection: Connection,
  limits: TimeoutLimits,
): Promise<CallResult> {
  for (let reissues = 0; ; reissues++) {
    try {
      return await next(call);
    } catch (error) {
      if (!(error instanceof TransportError && error.retryable) || reissues >= MAX_REISSUES) throw error;
      const expired = error.reason === 'session-expired';
      if (call.method === 'tools/call' && !expired) throw error;
      if (error.reason === 'restarted' || expired) {
        await waitUnless(connection.restarted(), call.method, call.signal, waitLimit(call, limits));
      }
    }
  }
}
