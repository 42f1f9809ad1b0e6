import { ErrorCode, McpError, TransportError } from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import type { Next } from './call-chain.js';
import { waitLimit, waitUnless } from './call-limits.js';
import type { Connection } from './connection.js';
import type { TimeoutLimits } from './exchange.js';
import type { Requester } from './requester.js';
import type { ToolCatalog } from './tool-catalog.js';

/** How often a request lost in transit is re-issued (C-55, T-17). */
const MAX_REISSUES = 2;

/** What the resend step works with. */
export interface ResendContext {
  requester: Requester;
  connection: Connection;
  limits: TimeoutLimits;
  /** Refreshes a tool call's headers after `-32020` and checks its result (H-28, C-20). */
  tools: Pick<ToolCatalog, 'refreshAfter' | 'checked'>;
}

/**
 * What the retries of one request of a call have used up: the counts start again whenever an outer
 * reason (a refused version, refreshed tool headers) sends the request anew, as nested retry loops
 * would.
 */
interface Attempts {
  versionRetried: boolean;
  reissues: number;
}

/**
 * What a result that needs no retry goes through once the resend step has checked it, in the same
 * continuation (the input rounds, see `inputRoundsStep`); `next` sends the request below this step.
 */
export type AfterResult = (
  call: CallState,
  result: CallResult,
  next: Next,
) => CallResult | Promise<CallResult>;

/**
 * The resend step: sends one request of a call (each input round is one) with `next`, and again as
 * a new request when the server or the transport says it may succeed, innermost reason first:
 * - the request was lost in transit (C-55, T-17): re-issued at most `MAX_REISSUES` times, for every
 *   method but `tools/call`, whose side effect must not run twice (a lost tool call fails with the
 *   retryable `TransportError` and the application decides). After a restart the request waits for
 *   the re-probe of the new server first, within the call's timeouts, so it carries what the new
 *   server said. A request a 2025-era server refused because it no longer knew the session
 *   (`session-expired`, B-11) was never run: it is re-sent whatever its method, once the client has
 *   run `initialize` again;
 * - `-32022` (C-10): sent again, once, with the client's most preferred version among the server's
 *   `data.supported`, which every later request carries too; no such version, or a second refusal,
 *   is a `NoCommonVersionError`;
 * - `-32020` to a tool call (H-28): `tools/list` is refreshed, once a call, and the request sent
 *   with the new headers.
 * A `complete` tool result is then checked against the tool's `outputSchema` (C-20), and the
 * result handed to `after`, if any. One async step for the three reasons, run by the input rounds
 * step for each round, so a call that needs none of them pays for one promise, not four. The first
 * attempt has no suspended frame: a request that needs no retry passes straight through.
 */
export function resend(
  call: CallState,
  next: Next,
  context: ResendContext,
  after: AfterResult | undefined,
): Promise<CallResult> {
  let first: Promise<CallResult>;
  try {
    first = next(call);
  } catch (error) {
    first = Promise.reject(error);
  }
  return first.then(
    (result) => finished(call, result, context, next, after),
    (error: unknown) => resendAfter(call, next, context, error, after),
  );
}

/** A result that ends the request: a tool's is checked against its `outputSchema` (C-20), then given to `after`. */
function finished(
  call: CallState,
  result: CallResult,
  context: ResendContext,
  next: Next,
  after: AfterResult | undefined,
): CallResult | Promise<CallResult> {
  const checked = call.method === 'tools/call' ? context.tools.checked(call, result) : result;
  if (after === undefined) return checked;
  if (checked instanceof Promise) return checked.then((value) => after(call, value, next));
  return after(call, checked, next);
}

/** The attempts after the first failed with `error`, for as long as `recover` allows another. */
async function resendAfter(
  call: CallState,
  next: Next,
  context: ResendContext,
  error: unknown,
  after: AfterResult | undefined,
): Promise<CallResult> {
  const attempts: Attempts = { versionRetried: false, reissues: 0 };
  let failure = error;
  for (;;) {
    await recover(call, failure, attempts, context);
    let result: CallResult;
    try {
      result = await next(call);
    } catch (retryError) {
      failure = retryError;
      continue;
    }
    return finished(call, result, context, next, after);
  }
}

/** Gets the request ready to be sent again after `error`, or throws what the call fails with. */
async function recover(call: CallState, error: unknown, attempts: Attempts, context: ResendContext) {
  if (error instanceof TransportError) {
    if (!error.retryable || attempts.reissues >= MAX_REISSUES) throw error;
    const expired = error.reason === 'session-expired';
    if (call.method === 'tools/call' && !expired) throw error;
    attempts.reissues++;
    if (error.reason === 'restarted' || expired) {
      const limit = waitLimit(call, context.limits);
      await waitUnless(context.connection.restarted(), call.method, call.signal, limit);
    }
    return;
  }
  if (error instanceof McpError && error.code === ErrorCode.UnsupportedProtocolVersion) {
    const { requester } = context;
    const noCommonVersion = requester.adoptVersionAfterRefusal(
      error.data,
      call.version!,
      !attempts.versionRetried,
    );
    if (noCommonVersion) throw noCommonVersion;
    attempts.versionRetried = true;
    attempts.reissues = 0;
    return;
  }
  const refreshed = context.tools.refreshAfter(call, error);
  if (refreshed === undefined) throw error;
  await refreshed;
  attempts.versionRetried = false;
  attempts.reissues = 0;
}
