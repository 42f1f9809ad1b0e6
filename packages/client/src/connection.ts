import { type Method, TransportError } from '@mcpkit/protocol';
import type { ResponseCache } from './cache.js';
import { missingServerCapability } from './capabilities.js';
import { UnsupportedByServerError } from './errors.js';
import type { CacheMode } from './options.js';
import { probeServer, type ServerDescription } from './probe.js';
import type { Requester } from './requester.js';

/** What the connection needs from its client. */
export interface ConnectionConfig {
  requester: Requester;
  cache: ResponseCache | undefined;
  probeTimeoutMs: number;
  /** Whether the client is closed: nothing connects any more. */
  closed: () => boolean;
  /** The application fixed the version: no probe, nothing known about the server. */
  fixedVersion: boolean;
}

/**
 * Whether and to what the client is connected: the `server/discover` probe, run once and again
 * when asked (`forget`), and the capability gate every call passes (C-12). Once the probe has
 * resolved, `gateOpen` answers synchronously, so a call needs to await nothing before it is sent.
 */
export class Connection {
  readonly #config: ConnectionConfig;
  #ready: Promise<ServerDescription | undefined> | undefined;
  /** `#ready` once it has resolved. */
  #readyNow: Promise<ServerDescription | undefined> | undefined;
  #server: ServerDescription | undefined;

  constructor(config: ConnectionConfig) {
    this.#config = config;
    if (config.fixedVersion) this.#ready = this.#readyNow = Promise.resolve(undefined);
  }

  /** What `server/discover` said, once it did. */
  get server(): ServerDescription | undefined {
    return this.#server;
  }

  /** Connects (probes) unless it already has, or is on its way. */
  ready(cacheMode: CacheMode = 'use', signal?: AbortSignal): Promise<ServerDescription | undefined> {
    if (this.#config.closed()) return Promise.reject(new TransportError('closed', 'the client is closed'));
    if (this.#ready) return this.#ready;
    const ready: Promise<ServerDescription | undefined> = probeServer(this.#config.requester, {
      timeoutMs: this.#config.probeTimeoutMs,
      cache: this.#config.cache,
      cacheMode,
      signal,
    }).then(
      (description) => {
        // A probe that a newer one replaced (`discover()`, a restart) must not undo what the newer one set.
        if (this.#ready === ready) {
          this.#server = description;
          this.#config.requester.version = description.protocolVersion;
          this.#readyNow = ready;
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

  /** Settles when the probe in progress (if any) has, whatever its outcome. */
  settled(): Promise<unknown> {
    return (this.#ready ?? Promise.resolve()).catch(() => {});
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

  /** Connects, then refuses a method whose server capability was not advertised (C-12). */
  async gate(method: Method): Promise<void> {
    const server = await this.connected();
    const missing = server && missingServerCapability(method, server.capabilities);
    if (missing) throw new UnsupportedByServerError(method, missing);
  }

  /**
   * Whether `method` may be sent at once: connected (the usual case after the first call), so
   * nothing needs awaiting. Throws when the server does not offer it (C-12); `false` means "go
   * through `gate`".
   */
  gateOpen(method: Method): boolean {
    if (this.#ready === undefined || this.#ready !== this.#readyNow || this.#config.closed()) return false;
    const server = this.#server;
    const missing = server && missingServerCapability(method, server.capabilities);
    if (missing) throw new UnsupportedByServerError(method, missing);
    return true;
  }
}
