import type { ClientTransport, SessionEnd } from '@mcpkit/protocol';

type SessionHook = (session: SessionEnd) => void;

/**
 * The client's session as its `sessionEnded` hooks hear of it: from the first time the client is
 * connected (the `server/discover` probe answered, or a 2025-era `initialize`) until `close()`, or
 * until the transport restarts on a new server (then the next connection is a new session). In
 * the 2026 era, where the protocol keeps no session, this is the time the client was connected.
 */
export class ClientSession {
  readonly #transport: ClientTransport;
  readonly #version: () => string;
  readonly #hooks: SessionHook[] = [];
  #openedAt: number | undefined;

  constructor(transport: ClientTransport, version: () => string) {
    this.#transport = transport;
    this.#version = version;
  }

  /** Adds a `sessionEnded` hook; one that throws is reported to `onError`, the others still hear. */
  use(hook: SessionHook): void {
    this.#hooks.push(hook);
  }

  /** The client is connected: a session opens, unless one is open. */
  opened(): void {
    this.#openedAt ??= Date.now();
  }

  /** The open session ended; the hooks hear of it (read before the transport closes: its session id). */
  ended(reason: 'closed' | 'lost', onError: (error: unknown) => void, error?: unknown): void {
    const openedAt = this.#openedAt;
    this.#openedAt = undefined;
    if (openedAt === undefined || this.#hooks.length === 0) return;
    const session: SessionEnd = {
      side: 'client',
      sessionId: this.#transport.legacy?.sessionId?.(),
      openedAt,
      endedAt: Date.now(),
      protocolVersion: this.#version(),
      network: this.#transport.network ?? { transport: 'unknown' },
      reason,
      ...(error !== undefined && { error }),
    };
    for (const hook of this.#hooks) {
      try {
        hook(session);
      } catch (thrown) {
        onError(thrown);
      }
    }
  }
}
