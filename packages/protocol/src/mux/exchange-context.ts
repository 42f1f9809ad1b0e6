import type { RequestContext } from '../contracts.js';
import { LazyRequestContext } from '../lazy-context.js';

/** The `RequestContext` of one exchange on a stream server, which also knows whether it is a listen. */
export class ExchangeContext extends LazyRequestContext {
  readonly #listen: boolean;

  constructor(base: Omit<RequestContext, 'signal'>, listen: boolean) {
    super(base);
    this.#listen = listen;
  }

  /** Whether this is a `subscriptions/listen` exchange, which never ends on its own. */
  get listen(): boolean {
    return this.#listen;
  }
}

/**
 * The context of a `notifications/cancelled` the multiplexer already applied: it aborted the
 * request the cancel names. The endpoint hands it to its observers (a server's receive hooks) and
 * acts on it no further, so a hook that fails or never passes it on cannot stop the cancel.
 */
class AppliedCancelContext extends ExchangeContext {}

/** Whether `context` is that of a cancel the multiplexer already applied (see `AppliedCancelContext`). */
export function isAppliedCancel(context: RequestContext): boolean {
  return context instanceof AppliedCancelContext;
}

/** The context of a cancel the multiplexer applied, on a connection with `base`. */
export function appliedCancelContext(base: Omit<RequestContext, 'signal'>): ExchangeContext {
  return new AppliedCancelContext(base, false);
}
