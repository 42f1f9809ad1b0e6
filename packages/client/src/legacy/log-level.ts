import type { LoggingLevel } from '@mcpkit/protocol';
import type { CallState } from '../call.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';
import { exchangeLegacy } from './framing.js';
import { kit } from './kit.js';

/**
 * The log level of a 2025-era session. That era has no per-request level: `logging/setLevel`
 * sets one for the whole session. So the client asks for its own `logLevel` when a session starts,
 * and a call that asks for a finer level lowers the session's level before it is sent. The session
 * keeps the finest level asked for (calls in flight share it), and `deliverLog` hands each call
 * only the messages at or above its own level, as a 2026 server would send them (S-70). Servers
 * that do not declare `logging` are never asked. A refused or failed `logging/setLevel` leaves
 * the session as it was, and the call goes on.
 */
export class SessionLogLevel {
  readonly #requester: Requester;
  readonly #timeoutMs: number;
  #session: ServerDescription | undefined;
  /** The finest level asked of `#session`; `undefined`: the server's own default. */
  #level: LoggingLevel | undefined;
  /** The `logging/setLevel` requests in flight, one after the other so the server reads them in order. */
  #pending: Promise<void> | undefined;

  constructor(requester: Requester, timeoutMs: number) {
    this.#requester = requester;
    this.#timeoutMs = timeoutMs;
  }

  /** A new session: asks it for the client's `logLevel`, if the client has one and the server logs. */
  async started(session: ServerDescription): Promise<void> {
    this.#session = session;
    this.#level = undefined;
    this.#pending = undefined;
    const level = this.#requester.logLevel;
    if (level !== undefined && session.capabilities.logging !== undefined) await this.#lower(level);
  }

  /**
   * Before `call` is sent in `session`: when it asks for a finer level than the session has, the
   * promise the call waits for (only as long as its signal lets it) until the session logs at
   * that level; `undefined` when it may go at once.
   */
  before(call: CallState, session: ServerDescription): Promise<void> | undefined {
    const level = call.options.logLevel;
    if (level === undefined || session !== this.#session || session.capabilities.logging === undefined) {
      return undefined;
    }
    const lowering =
      this.#level !== undefined && kit.isAtLeast(level, this.#level) ? this.#pending : this.#lower(level);
    return lowering === undefined ? undefined : kit.waitUnless(lowering, 'logging/setLevel', call.signal);
  }

  #lower(level: LoggingLevel): Promise<void> {
    const previous = this.#level;
    this.#level = level;
    const session = this.#session;
    const sent = (this.#pending ?? Promise.resolve()).then(async () => {
      const applied = await this.#setLevel(level);
      if (!applied && this.#session === session && this.#level === level) this.#level = previous;
      if (this.#pending === sent) this.#pending = undefined;
    });
    this.#pending = sent;
    return sent;
  }

  /** Sends `logging/setLevel`; false when it timed out or was lost, so a later call may ask again. */
  async #setLevel(level: LoggingLevel): Promise<boolean> {
    const timeoutMs = this.#timeoutMs;
    const options = { timeoutMs, maxTotalTimeoutMs: timeoutMs, resetTimeoutOnProgress: false };
    const call = new kit.CallState('logging/setLevel', { level }, options, Date.now() + timeoutMs);
    try {
      // An error answer is a refusal: asking again would be refused again.
      await exchangeLegacy(this.#requester, call);
      return true;
    } catch (error) {
      return !(error instanceof kit.RequestTimeoutError || error instanceof kit.TransportError);
    }
  }
}
