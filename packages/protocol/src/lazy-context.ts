import type { AuthInfo } from './auth-info.js';
import type { RequestContext } from './contracts.js';
import { LazyAbort } from './lazy-abort.js';
import type { NetworkPeer } from './network.js';
import type { PeerChannel } from './session-contracts.js';

/**
 * A `RequestContext` whose `signal` is created only when first read (see `LazyAbort`), by a
 * getter on the prototype: nothing is defined per request but the fields the transport has. A
 * copy made by spreading it (`{ ...context }`) has no `signal`, so transports give it only to an
 * endpoint that keeps the context to itself (`requestContextClass`); every other endpoint gets a
 * `LazyRequestContext`.
 *
 * @example
 * ```ts
 * const Context = requestContextClass(endpoint); // once, when the transport is created
 * const context = new Context({ transport: 'stdio' });
 * endpoint.handle(message, context);
 * // on notifications/cancelled for this request:
 * context.abort(new DOMException('Cancelled by the client', 'AbortError'));
 * ```
 */
export class LeanRequestContext implements RequestContext {
  // `declare`d: the constructor sets each one it has, and the class defines no `undefined` ones
  // first (one definition per field and request, in a per-construction initializer).
  declare readonly transport: RequestContext['transport'];
  declare readonly headers?: Headers;
  declare readonly auth?: AuthInfo;
  declare readonly channel?: PeerChannel;
  declare readonly network?: NetworkPeer;
  declare readonly legacySession?: RequestContext['legacySession'];
  /** Made on first use when the transport gave none: most requests never read or abort their signal. */
  #cancellation: LazyAbort | undefined;

  constructor(base: Omit<RequestContext, 'signal'>, cancellation?: LazyAbort) {
    this.transport = base.transport;
    if (base.headers !== undefined) this.headers = base.headers;
    if (base.auth !== undefined) this.auth = base.auth;
    if (base.channel !== undefined) this.channel = base.channel;
    if (base.network !== undefined) this.network = base.network;
    if (base.legacySession !== undefined) this.legacySession = base.legacySession;
    if (cancellation !== undefined) this.#cancellation = cancellation;
  }

  get signal(): AbortSignal {
    this.#cancellation ??= new LazyAbort();
    return this.#cancellation.signal;
  }

  /** Whether the request was cancelled, without creating the signal. */
  get aborted(): boolean {
    return this.#cancellation?.aborted === true;
  }

  /** Cancels the request: aborts the signal now, or when it is first read. */
  abort(reason?: unknown): void {
    this.#cancellation ??= new LazyAbort();
    this.#cancellation.abort(reason);
  }
}

/**
 * The prototype's `signal` getter as an own enumerable property, made by the first
 * `LazyRequestContext`: a static block would be code a bundler keeps in every app that imports
 * this module.
 */
let signalProperty: PropertyDescriptor | undefined;

/**
 * A `LeanRequestContext` whose `signal` is an own enumerable property, so spreading the context
 * (`{ ...context }`) keeps a working signal: what a transport gives any endpoint that does not
 * say it keeps the context to itself, such as a wrapper that passes `{ ...context, auth }` on.
 * The property is defined with one shared descriptor rather than a per-request getter closure,
 * which V8 would build on a slow path and which kept finished requests alive into the old
 * generation.
 *
 * @example
 * ```ts
 * const context = new LazyRequestContext({ transport: 'stdio' });
 * endpoint.handle(message, context);
 * // on notifications/cancelled for this request:
 * context.abort(new DOMException('Cancelled by the client', 'AbortError'));
 * ```
 */
export const LazyRequestContext: new (
  base: Omit<RequestContext, 'signal'>,
  cancellation?: LazyAbort,
) => LazyRequestContext = class extends LeanRequestContext {
  constructor(base: Omit<RequestContext, 'signal'>, cancellation?: LazyAbort) {
    super(base, cancellation);
    signalProperty ??= {
      enumerable: true,
      get: Object.getOwnPropertyDescriptor(LeanRequestContext.prototype, 'signal')?.get,
    };
    Object.defineProperty(this, 'signal', signalProperty);
  }
};

/** A `LazyRequestContext`: its `signal` is an own property, which a spread copy keeps. */
export type LazyRequestContext = LeanRequestContext & { readonly signal: AbortSignal };
