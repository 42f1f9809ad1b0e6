import type { JSONRPCNotification } from '../schemas/jsonrpc.js';

/**
 * The notifications a peer sends for no request in flight (2025-era servers on a connection:
 * `notifications/tools/list_changed`, `notifications/resources/updated`), handed to whoever reads
 * `messages()` at the time. What arrives while nobody reads is the transport's to report.
 */
export class PeerNotifications {
  readonly #readers = new Set<(notification: JSONRPCNotification) => void>();
  readonly #lifetime = new AbortController();

  /** Hands `notification` to the readers; whether anyone read it. */
  deliver(notification: JSONRPCNotification): boolean {
    for (const reader of this.#readers) reader(notification);
    return this.#readers.size > 0;
  }

  /** The notifications that arrive for no request until `signal` aborts or `close()`. */
  async *messages(signal: AbortSignal): AsyncGenerator<JSONRPCNotification> {
    const queue: JSONRPCNotification[] = [];
    let wake: (() => void) | undefined;
    const reader = (notification: JSONRPCNotification) => {
      queue.push(notification);
      wake?.();
    };
    const stop = () => wake?.();
    const lifetime = this.#lifetime.signal;
    this.#readers.add(reader);
    signal.addEventListener('abort', stop, { once: true });
    lifetime.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (signal.aborted || lifetime.aborted) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      this.#readers.delete(reader);
      signal.removeEventListener('abort', stop);
      lifetime.removeEventListener('abort', stop);
    }
  }

  close(): void {
    this.#lifetime.abort();
  }
}
