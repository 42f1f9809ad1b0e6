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
