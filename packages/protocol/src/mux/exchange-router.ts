import type { DecodedMessage } from '../decode.js';
import { isRequestId } from '../decode.js';
import { MetaKey, subscriptionIdOf } from '../meta.js';
import type { ProgressToken, RequestId } from '../schemas/json.js';
import type { PendingExchange } from './pending-exchange.js';
import { RequestIdMap } from './request-id-map.js';

type Meta = Record<string, unknown> | undefined;

function metaOf(params: Record<string, unknown> | undefined): Meta {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : undefined;
}

function isToken(value: unknown): value is ProgressToken {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * Routes what arrives on the shared stdout to the exchange it belongs to (T-8, T-9):
 * - responses by JSON-RPC id;
 * - listen notifications by `_meta["io.modelcontextprotocol/subscriptionId"]` (C-41);
 * - `notifications/progress` by `progressToken`;
 * - `notifications/cancelled` from the server (it ends a listen, S-65) by `requestId`;
 * - `notifications/message` (Q-6, T-10), which names no request: the server may only log for a
 *   request that set `logLevel` (S-69), never on a listen (S-52), and nothing after its response
 *   or after a cancel it has read. So when exactly one non-listen exchange in flight set
 *   `logLevel`, and no cancelled one might still be logging, the log is certainly its own and
 *   goes there; otherwise nobody can tell, and it is left unrouted.
 * A cancelled exchange stops being a possible log source once a response arrives to a request
 * written after the cancel: the server read the cancel before that request.
 */
export class ExchangeRouter {
  readonly #byId = new RequestIdMap<PendingExchange>();
  readonly #byToken = new Map<ProgressToken, PendingExchange>();
  readonly #logging = new Set<PendingExchange>();
  /** For each cancelled exchange that set `logLevel`: how many requests had been written at the cancel. */
  #cancelledLogSources: number[] = [];
  #written = 0;

  /** Exchanges in flight. */
  get size(): number {
    return this.#byId.size;
  }

  /** Registers an exchange; returns why it cannot be, when its id or progress token is taken. */
  add(exchange: PendingExchange): string | undefined {
    if (!isRequestId(exchange.id)) return 'a request id is a string or an integer'; // P-3, P-4
    if (this.#byId.has(exchange.id)) {
      return `request id ${JSON.stringify(exchange.id)} is already in flight`; // P-5
    }
    const token = metaOf(exchange.request.params)?.progressToken;
    if (isToken(token)) {
      if (this.#byToken.has(token)) return `progress token ${JSON.stringify(token)} is already in use`; // P-79
      this.#byToken.set(token, exchange);
    }
    this.#byId.set(exchange.id, exchange);
    return undefined;
  }

  /** Records that the exchange's request has been written to the pipe. */
  sent(exchange: PendingExchange): void {
    exchange.sentSeq = ++this.#written;
    const request = exchange.request;
    if (
      request.method !== 'subscriptions/listen' &&
      metaOf(request.params)?.[MetaKey.logLevel] !== undefined
    ) {
      this.#logging.add(exchange);
    }
  }

  /** Unregisters an exchange; `cancelled` when a cancel for it was (or will be) written. */
  remove(exchange: PendingExchange, cancelled = false): void {
    if (this.#byId.get(exchange.id) !== exchange) return;
    this.#byId.delete(exchange.id);
    // Most calls have no progress token and no log level: nothing more to look up.
    if (this.#byToken.size > 0) {
      const token = metaOf(exchange.request.params)?.progressToken;
      if (isToken(token) && this.#byToken.get(token) === exchange) this.#byToken.delete(token);
    }
    if (this.#logging.size > 0 && this.#logging.delete(exchange) && cancelled) {
      this.#cancelledLogSources.push(this.#written);
    }
  }

  /** The exchange in flight with this id. */
  get(id: RequestId): PendingExchange | undefined {
    return this.#byId.get(id);
  }

  /** Every exchange in flight (a snapshot). */
  all(): PendingExchange[] {
    return this.#byId.values();
  }

  /** Hands `decoded` to its exchange; `false` when it belongs to none. */
  route(decoded: DecodedMessage): boolean {
    if (decoded.kind === 'response' || decoded.kind === 'error') {
      const id = decoded.message.id;
      const exchange = id === undefined ? undefined : this.#byId.get(id);
      if (!exchange) return false;
      this.remove(exchange);
      if (this.#cancelledLogSources.length > 0) this.#forgetCancelledBefore(exchange.sentSeq);
      exchange.complete(decoded.message);
      return true;
    }
    if (decoded.kind !== 'notification') return false;
    const notification = decoded.message;
    const subscriptionId = subscriptionIdOf(notification);
    if (subscriptionId !== undefined) {
      const listen = this.#byId.get(subscriptionId);
      if (!listen) return false;
      listen.push(notification);
      return true;
    }
    const params = notification.params;
    switch (notification.method) {
      case 'notifications/progress': {
        const token = params?.progressToken;
        const exchange = isToken(token) ? this.#byToken.get(token) : undefined;
        exchange?.push(notification);
        return exchange !== undefined;
      }
      case 'notifications/cancelled': {
        const id = params?.requestId;
        const exchange = typeof id === 'string' || typeof id === 'number' ? this.#byId.get(id) : undefined;
        if (!exchange) return false;
        this.remove(exchange);
        exchange.push(notification);
        exchange.finish();
        return true;
      }
      case 'notifications/message': {
        if (this.#logging.size !== 1 || this.#cancelledLogSources.length > 0) return false;
        const [exchange] = this.#logging;
        exchange!.push(notification);
        return true;
      }
      default:
        return false;
    }
  }

  /** Fails and unregisters every exchange in flight. */
  failAll(error: unknown): void {
    const exchanges = this.#byId.values();
    this.#byId.clear();
    this.#byToken.clear();
    this.#logging.clear();
    this.#cancelledLogSources = [];
    for (const exchange of exchanges) exchange.fail(error);
  }

  #forgetCancelledBefore(sentSeq: number): void {
    this.#cancelledLogSources = this.#cancelledLogSources.filter(
      (writtenAtCancel) => writtenAtCancel >= sentSeq,
    );
  }
}
