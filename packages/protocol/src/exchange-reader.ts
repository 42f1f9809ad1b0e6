import type { ExchangeMessage } from './contracts.js';

/**
 * Who reads an exchange without a promise per message: the client's request in flight, or a
 * transport reading a server's exchange (`T` is then `EndpointItem`). The built-in exchanges
 * hand it each message by a call (`readNext`), where `next()` would allocate a promise and its
 * resolving functions and cost a microtask hop per message. A reader must not throw.
 */
export interface ExchangeReader<T = ExchangeMessage> {
  /** The exchange's next message, or its end (`done: true`). */
  step(result: IteratorResult<T>): void;
  /** Reading failed; the exchange is over. */
  fail(error: unknown): void;
}

/**
 * An exchange's iterator that may also deliver its next message to a reader: one read at a time,
 * as with `next()`, and `step`/`fail` may be called before `readNext` returns. Transports that
 * offer only `next()` are read through it.
 */
export interface ReadableExchange<T = ExchangeMessage> extends AsyncIterator<T> {
  readNext?(reader: ExchangeReader<T>): void;
}
