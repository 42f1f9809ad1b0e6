import type { RequestContext } from '../contracts.js';
import type { LeanRequestContext } from '../lazy-context.js';
import type { RequestContextClass } from '../request-context-class.js';

/**
 * Contexts of `notifications/cancelled` the multiplexer already applied: it aborted the request
 * the cancel names. The endpoint hands such a context to its observers (a server's receive hooks)
 * and acts on it no further, so a hook that fails or never passes it on cannot stop the cancel.
 * A set rather than a subclass: a context is of whichever class the endpoint's transport uses.
 */
const appliedCancels = new WeakSet<RequestContext>();

/** Whether `context` is that of a cancel the multiplexer already applied (see `appliedCancels`). */
export function isAppliedCancel(context: RequestContext): boolean {
  return appliedCancels.has(context);
}

/** The context of a cancel the multiplexer applied, on a connection with `base`. */
export function appliedCancelContext(
  Context: RequestContextClass,
  base: Omit<RequestContext, 'signal'>,
): LeanRequestContext {
  const context = new Context(base);
  appliedCancels.add(context);
  return context;
}
