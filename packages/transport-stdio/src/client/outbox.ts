import type { LineWriter } from '../line-writer.js';
import { PendingExchange } from './pending-exchange.js';

interface WaitingNotification {
  line: string;
  written: () => void;
}

/**
 * What waits for room in a child's stdin, in the order it was sent: exchanges, whose request is
 * serialized only once it can be written, and notifications. While the pipe is full nothing more
 * is handed to it, so however many exchanges are started the stream holds about one high-water
 * mark of bytes and the queue only references the exchanges' requests; an exchange abandoned while
 * it waits leaves the queue and is never written. When nothing waits and the pipe has room, a send
 * writes at once.
 */
export class Outbox {
  readonly #writer: LineWriter;
  readonly #writeRequest: (exchange: PendingExchange) => void;
  readonly #waiting = new Set<PendingExchange | WaitingNotification>();
  #dropped = false;

  /** @param writeRequest serializes and writes an exchange's request, once there is room for it. */
  constructor(writer: LineWriter, writeRequest: (exchange: PendingExchange) => void) {
    this.#writer = writer;
    this.#writeRequest = writeRequest;
  }

  /** Writes the exchange's request now, or once the pipe has room for it. */
  sendRequest(exchange: PendingExchange): void {
    if (this.#writesAtOnce()) this.#writeRequest(exchange);
    else this.#waiting.add(exchange);
  }

  /** Writes a notification line now, or once the pipe has room: the promise resolves then (or when dropped). */
  sendNotification(line: string): Promise<void> | undefined {
    if (this.#writesAtOnce()) return this.#writer.write(line);
    return new Promise((written) => this.#waiting.add({ line, written }));
  }

  /** Takes back an exchange whose request has not been written yet; `true` when it was waiting. */
  withdraw(exchange: PendingExchange): boolean {
    return this.#waiting.delete(exchange);
  }

  /** The pipe has room again: writes what waits, in order, until it is full. */
  drain(): void {
    for (const item of this.#waiting) {
      if (this.#writer.blocked) return;
      this.#waiting.delete(item);
      if (item instanceof PendingExchange) {
        this.#writeRequest(item);
      } else {
        this.#writer.write(item.line);
        item.written();
      }
    }
  }

  /**
   * The process is gone: forgets what waits, and later sends go straight to the writer, which
   * ignores them. Notifications resolve; the exchanges are failed by their owner.
   */
  drop(): void {
    this.#dropped = true;
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const item of waiting) if (!(item instanceof PendingExchange)) item.written();
  }

  #writesAtOnce(): boolean {
    return this.#dropped || (this.#waiting.size === 0 && !this.#writer.blocked);
  }
}
