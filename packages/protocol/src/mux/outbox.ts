import { PendingExchange } from './pending-exchange.js';

/** Where an outbox writes: a pipe, a socket, a port, that may ask writers to wait. */
export interface OutboxSink<Item> {
  /** Whether the sink is full: nothing more is written until the outbox's `drain()` is called. */
  readonly blocked: boolean;
  /** Writes one item (a framed line, a message); a promise when it asks to wait before the next one. */
  write(item: Item): Promise<void> | undefined;
}

interface WaitingNotification<Item> {
  item: Item;
  written: () => void;
}

/**
 * What waits for room in a sink (a child's stdin), in the order it was sent: exchanges, whose
 * request is serialized only once it can be written, and notifications. While the sink is full
 * nothing more is handed to it, so however many exchanges are started the stream holds about one
 * high-water mark of bytes and the queue only references the exchanges' requests; an exchange
 * abandoned while it waits leaves the queue and is never written. When nothing waits and the sink
 * has room, a send writes at once.
 */
export class Outbox<Item> {
  readonly #writer: OutboxSink<Item>;
  readonly #writeRequest: (exchange: PendingExchange) => void;
  readonly #waiting = new Set<PendingExchange | WaitingNotification<Item>>();
  #dropped = false;

  /** @param writeRequest serializes and writes an exchange's request, once there is room for it. */
  constructor(writer: OutboxSink<Item>, writeRequest: (exchange: PendingExchange) => void) {
    this.#writer = writer;
    this.#writeRequest = writeRequest;
  }

  /** Writes the exchange's request now, or once the pipe has room for it. */
  sendRequest(exchange: PendingExchange): void {
    if (this.#writesAtOnce()) this.#writeRequest(exchange);
    else this.#waiting.add(exchange);
  }

  /** Writes a notification now, or once the sink has room: the promise resolves then (or when dropped). */
  sendNotification(item: Item): Promise<void> | undefined {
    if (this.#writesAtOnce()) return this.#writer.write(item);
    return new Promise((written) => this.#waiting.add({ item, written }));
  }

  /** Takes back an exchange whose request has not been written yet; `true` when it was waiting. */
  withdraw(exchange: PendingExchange): boolean {
    return this.#waiting.delete(exchange);
  }

  /** The sink has room again: writes what waits, in order, until it is full. */
  drain(): void {
    for (const item of this.#waiting) {
      if (this.#writer.blocked) return;
      this.#waiting.delete(item);
      if (item instanceof PendingExchange) {
        this.#writeRequest(item);
      } else {
        this.#writer.write(item.item);
        item.written();
      }
    }
  }

  /**
   * The peer is gone: forgets what waits, and later sends go straight to the writer, which
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
