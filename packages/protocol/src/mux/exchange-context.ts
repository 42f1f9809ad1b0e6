import type { RequestContext } from '../contracts.js';
import { LazyRequestContext } from '../lazy-context.js';

/**
 * The context of a `notifications/cancelled` the multiplexer already applied: it aborted the
 * request the cancel names. The endpoint hands it to its observers (a server's receive hooks) and
 * acts on it no further, so a hook that fails or never passes it on cannot stop the cancel.
 */
class AppliedCancelContext extends LazyRequestContext {}

/** Whether `context` is that of a cancel the multiplexer already applied (see `AppliedCancelContext`). */
export function isAppliedCancel(context: RequestContext): boolean {
  return context instanceof AppliedCancelContext;
}

/** The context of a cancel the multiplexer applied, on a connection with `base`. */
export function appliedCancelContext(base: Omit<RequestContext, 'signal'>): LazyRequestContext {
  return new AppliedCancelContext(base);
}
