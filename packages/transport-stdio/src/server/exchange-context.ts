import { type AuthInfo, LazyAbort, type RequestContext } from '@mcpkit/protocol';

/**
 * The `RequestContext` of one exchange on a stream server. Its `signal` is created the first time
 * it is read: an `AbortController` costs about as much as the rest of a small request's framing,
 * and many endpoints never look at it. `signal` is an own enumerable property, so spreading the
 * context (`{ ...context }`) still copies a working signal.
 */
export class ExchangeContext implements RequestContext {
  static readonly #signalProperty: PropertyDescriptor = {
    enumerable: true,
    get(this: ExchangeContext): AbortSignal {
      return this.#cancellation.signal;
    },
  };

  declare readonly signal: AbortSignal;
  readonly transport: RequestContext['transport'];
  readonly headers?: Headers;
  readonly auth?: AuthInfo;
  readonly #listen: boolean;
  readonly #cancellation = new LazyAbort();

  constructor(base: Omit<RequestContext, 'signal'>, listen: boolean) {
    this.transport = base.transport;
    if (base.headers !== undefined) this.headers = base.headers;
    if (base.auth !== undefined) this.auth = base.auth;
    this.#listen = listen;
    Object.defineProperty(this, 'signal', ExchangeContext.#signalProperty);
  }

  /** Whether this is a `subscriptions/listen` exchange, which never ends on its own. */
  get listen(): boolean {
    return this.#listen;
  }

  /** Whether the exchange was aborted (without creating the signal). */
  get aborted(): boolean {
    return this.#cancellation.aborted;
  }

  /** Aborts the exchange's signal (now, or when it is first read). */
  abort(reason: unknown): void {
    this.#cancellation.abort(reason);
  }
}
