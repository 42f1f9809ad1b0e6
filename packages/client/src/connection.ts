import { TransportError } from '@mcpkit/protocol/internal';
import type { CallState } from './call.js';
import type { Step } from './call-chain.js';
import { waitLimit, waitUnless } from './call-limits.js';
import { missingServerCapability } from './capabilities.js';
import { UnsupportedByServerError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import type { CacheMode } from './options.js';
import type { ServerDescription } from './probe.js';
import type { Requester } from './requester.js';

/** What the connection needs from its client. */
export interface ConnectionConfig {
  requester: Requester;
  /** Connects to the server in its era (see `connectEra`), the probe's cache used as `cacheMode` says. */
  connect: (cacheMode: CacheMode) => Promise<ServerDescription>;
  /** The client's default timeouts, which also bound a call's wait for the probe. */
  limits: TimeoutLimits;
  /** Aborts when the client closes: nothing connects any more. */
  lifetime: AbortSignal;
  /** The application fixed the version: no probe, nothing known about the server. */
  fixedVersion: boolean;
  /** Called each time a probe's answer is adopted (the client is connected). */
  connected?: () => void;
}

/**
 * Whether and to what the client is connected: the era decision (the `server/discover` probe, or
 * `initialize` for a 2025-era server), run once and again
 * when asked (`forget`), and the capability gate every call passes (C-12). Once the probe has
 * resolved, `gateOpen` answers synchronously, so a call needs to await nothing before it is sent.
 * The probe is shared: it runs on its own timeout, never on a caller's signal, so one caller
 * giving up never fails the others.
 */
export class Connection {
  readonly #config: ConnectionConfig;
  #ready: Promise<ServerDescription | undefined> | undefined;
  /** `#ready` once it has resolved. */
  #readyNow: Promise<ServerDescription | undefined> | undefined;
  #server: ServerDescription | undefined;
  /** The probe of the server that came up after a transport restart, while it runs. */
  #restartProbe: Promise<unknown> | undefined;

  constructor(config: ConnectionConfig) {
    this.#config = config;
    if (config.fixedVersion) this.#ready = this.#readyNow = Promise.resolve(undefined);
  }

  /** What `server/discover` said, once it did. */
  get server(): ServerDescription | undefined {
    return this.#server;
  }

  /** Connects (probes) unless it already has, or is on its way. */
  ready(cacheMode: CacheMode = 'use'): Promise<ServerDescription | undefined> {
    if (this.#config.lifetime.aborted)
      return Promise.reject(new TransportError('closed', 'the client is closed'));
    if (this.#ready) return this.#ready;
    const ready: Promise<ServerDescription | undefined> = this.#config.connect(cacheMode).then(
      (description) => {
        // A probe that a newer one replaced (`discover()`, a restart) must not undo what the newer one set.
        if (this.#ready === ready) {
          this.#server = description;
          this.#config.requester.version = description.protocolVersion;
          this.#readyNow = ready;
          this.#config.connected?.();
        }
        return description;
      },
      (error) => {
        if (this.#ready === ready) this.#ready = undefined;
        throw error;
      },
    );
    this.#ready = ready;
    return ready;
  }

  /** The next `ready()` probes again. */
  forget(): void {
    this.#ready = undefined;
  }

  /**
   * The transport restarted (T-17): probes the new server once, however many report the restart
   * while that probe runs (`onRestart`, and each request that failed with "restarted"), and
   * settles when it has, whatever its outcome. Whoever notices first starts it: the stdio
   * transport fails the requests in flight at once but calls `onRestart` only once the next
   * exchange has started the new process, and a request re-issued before the probe would carry
   * what the old server said. Without a server described yet, only the probe under way counts.
   */
  restarted(): Promise<unknown> {
    if (this.#restartProbe === undefined) {
      if (this.#server === undefined || this.#config.lifetime.aborted) {
        return (this.#ready ?? Promise.resolve()).catch(() => {});
      }
      this.forget();
      const probe = this.ready('refresh').catch(() => {});
      this.#restartProbe = probe;
      void probe.then(() => {
        if (this.#restartProbe === probe) this.#restartProbe = undefined;
      });
    }
    return this.#restartProbe;
  }

  /**
   * Connects unless it has, and waits for the newest probe: when a newer one starts while waiting
   * (`discover()`, a restart), its answer is the one that counts.
   */
  async connected(): Promise<ServerDescription | undefined> {
    let ready = this.ready();
    for (;;) {
      const server = await ready;
      const newest = this.#ready;
      if (newest === undefined || newest === ready) return server;
      ready = newest;
    }
  }

  /**
   * `connected()` for `call`: the wait ends early when the call's signal aborts
   * (`RequestAbortedError`), its `timeoutMs` passes, or its hard deadline comes
   * (`RequestTimeoutError`). Only the call gives up; the probe goes on for the others.
   */
  connectedFor(call: CallState): Promise<ServerDescription | undefined> {
    const limit = waitLimit(call, this.#config.limits);
    return waitUnless(this.connected(), call.method, call.signal, limit);
  }

  /**
   * The first step of every call: connects, then refuses a method whose server capability was
   * not advertised (C-12) with `UnsupportedByServerError`. Once connected it awaits nothing.
   */
  readonly step: Step = (call, next) =>
    this.gateOpen(call.method) ? next(call) : this.#gate(call).then(() => next(call));

  /** Connects for `call` (see `connectedFor`), then checks the server's capabilities. */
  async #gate(call: CallState): Promise<void> {
    const server = await this.connectedFor(call);
    const missing = server && missingServerCapability(call.method, server.capabilities);
    if (missing) throw new UnsupportedByServerError(call.method, missing);
  }

  /**
   * Whether `method` may be sent at once: connected (the usual case after the first call), so
   * nothing needs awaiting. Throws when the server does not offer it (C-12); `false` means "go
   * through the wait".
   */
  gateOpen(method: CallState['method']): boolean {
    if (this.#ready === undefined || this.#ready !== this.#readyNow || this.#config.lifetime.aborted)
      return false;
    const server = this.#server;
    const missing = server && missingServerCapability(method, server.capabilities);
    if (missing) throw new UnsupportedByServerError(method, missing);
    return true;
  }
}
