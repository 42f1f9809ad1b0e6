import type { AuthInfo } from './auth-info.js';
import type { RequestContext } from './contracts.js';
import { LazyAbort } from './lazy-abort.js';
import type { NetworkPeer } from './network.js';
import type { PeerChannel } from './session-contracts.js';

/**
 * The `signal` getter every context gets, made by the first one's constructor (it reads a private
 * field): a static block would be code a bundler keeps in every app that imports this module.
 */
let signalProperty: PropertyDescriptor | undefined;

/**
 * A `RequestContext` whose `signal` is created only when first read (see `LazyAbort`). The signal
 * is an own enumerable property, so spreading the context (`{ ...context }`) keeps a working
 * signal; it is defined with one shared descriptor rather than a per-request getter closure, which
 * V8 would build on a slow path and which kept finished requests alive into the old generation.
 *
 * @example
 * ```ts
 * const context = new LazyRequestContext({ transport: 'stdio' });
 * endpoint.handle(message, context);
 * // on notifications/cancelled for this request:
 * context.abort(new DOMException('Cancelled by the client', 'AbortError'));
 * ```
 */
export class LazyRequestContext implements RequestContext {
  // `declare`d: the constructor sets each one it has, and the class defines no `undefined` ones
  // first (one definition per field and request, in a per-construction initializer).
  declare readonly signal: AbortSignal;
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
    // Kept outside the class, so its body does not name the class: esbuild renames a class whose
    // body names itself (`_LazyRequestContext`) when it bundles.
    signalProperty ??= {
      enumerable: true,
      get(this: LazyRequestContext): AbortSignal {
        this.#cancellation ??= new LazyAbort();
        return this.#cancellation.signal;
      },
    };
    Object.defineProperty(this, 'signal', signalProperty);
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
