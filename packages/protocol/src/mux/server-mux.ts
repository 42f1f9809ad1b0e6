import type { EndpointItem, ExchangeMessage, McpEndpoint, RequestContext } from '../contracts.js';
import { isRequestId } from '../decode.js';
import { McpError, toErrorResponse } from '../errors.js';
import { isRecord } from '../is-record.js';
import type { LeanRequestContext } from '../lazy-context.js';
import { type RequestContextClass, requestContextClass } from '../request-context-class.js';
import type { RequestId } from '../schemas/json.js';
import { appliedCancelContext } from './exchange-context.js';
import { type ExchangeHost, ExchangeRun } from './exchange-run.js';
import { RequestIdMap } from './request-id-map.js';

/** Where a server multiplexer writes, and what it tells its connection. */
export interface ServerMuxOutput {
  /**
   * Writes one item to the peer; a promise when the peer asks to wait before the next one.
   * `quietNext`: the item is the response of the only running exchange, which ends with it, so
   * `quiet` follows before this call's caller returns.
   */
  write(item: EndpointItem | ExchangeMessage, quietNext?: boolean): Promise<void> | undefined;
  /** After `drain()`: the last running exchange has ended. */
  idle(): void;
  /**
   * The last running exchange has just ended, whatever it wrote: nothing more is written until a
   * message comes (or the endpoint sends of its own accord), so output held back to join a burst
   * may go now.
   */
  quiet?(): void;
}

const LISTEN = 'subscriptions/listen';

function cancelledBy(reason: unknown): DOMException {
  const detail = typeof reason === 'string' && reason !== '' ? `: ${reason}` : '';
  return new DOMException(`Cancelled by the client${detail}`, 'AbortError');
}

/**
 * The server side of a connection that carries many exchanges at once (stdio, a socket, a
 * `MessagePort`): each message read is handed to the endpoint and its exchange runs concurrently
 * with the others, answered as it finishes. `notifications/cancelled` aborts the matching
 * exchange's `context.signal` and nothing more is written for it (T-12, S-63), and the cancel
 * still goes to the endpoint, marked applied (`isAppliedCancel`), for its observers; a request whose id
 * is still in use is answered `-32600` (P-5). The connection frames bytes; this knows messages.
 */
export class ServerMux implements ExchangeHost {
  readonly #endpoint: McpEndpoint;
  readonly #context: Omit<RequestContext, 'signal'>;
  /** The class of every request's context, chosen once for the endpoint (`requestContextClass`). */
  readonly #Context: RequestContextClass;
  readonly #output: ServerMuxOutput;
  /**
   * Requests that can still be cancelled, by id. Not a `Map` or `Set`: with thousands of
   * exchanges a second going through one, V8 keeps re-allocating its table in the old
   * generation, and each discarded table keeps the exchanges it held alive until a full GC.
   */
  readonly #cancellable = new RequestIdMap<LeanRequestContext>();
  /** Exchanges without an id (notifications, unreadable messages) still running: few. */
  readonly #anonymous = new Set<LeanRequestContext>();
  /**
   * Running `subscriptions/listen` exchanges, which never end on their own: few. Kept here rather
   * than as a flag on every request's context, whose class would then be a subclass: constructing
   * one costs every request a derived constructor and a second private field.
   */
  #listens: Set<LeanRequestContext> | undefined;
  /** How many exchanges are running: every request, cancelled or not, and the anonymous ones. */
  #running = 0;
  #draining = false;
  #stopped = false;

  constructor(endpoint: McpEndpoint, context: Omit<RequestContext, 'signal'>, output: ServerMuxOutput) {
    this.#endpoint = endpoint;
    this.#context = context;
    this.#Context = requestContextClass(endpoint);
    this.#output = output;
  }

  /** How many exchanges are running. */
  get running(): number {
    return this.#running;
  }

  /** Takes one message from the peer: parsed JSON, not validated (the endpoint validates it). */
  receive(message: unknown): void {
    if (isRecord(message) && typeof message.method === 'string') {
      if (!('id' in message)) {
        // A cancel of a request of the server's own (legacy era) is the endpoint's to handle; one
        // applied here still reaches the endpoint, for its observers only.
        const applied = message.method === 'notifications/cancelled' && this.#cancel(message.params);
        const context = applied
          ? appliedCancelContext(this.#Context, this.#context)
          : new this.#Context(this.#context);
        this.#run(message, undefined, false, context);
        return;
      }
      if (isRequestId(message.id)) {
        this.#startRequest(message, message.id, message.method === LISTEN);
        return;
      }
    }
    // Not a request we can track (bad id, a response, not an object): the endpoint says why.
    this.#run(message, undefined, true, new this.#Context(this.#context));
  }

  /** Answers what could not be read as a message (bad JSON, too long) with an error and no id. */
  reject(error: unknown): void {
    this.fail(error, undefined);
  }

  /**
   * No more messages will come: open `subscriptions/listen` exchanges are aborted (nobody will
   * read them) and `idle` is called once the others have ended; `true` when none is running.
   */
  drain(): boolean {
    this.#draining = true;
    if (this.#listens) {
      for (const context of this.#listens)
        context.abort(new DOMException('The server is shutting down', 'AbortError'));
    }
    return this.#running === 0;
  }

  /** The connection is gone: every exchange still running is aborted and nothing more is written. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    const reason = new DOMException('The server stopped', 'AbortError');
    // A cancelled request is out of `#cancellable`, and already aborted.
    for (const context of this.#cancellable.values()) context.abort(reason);
    for (const context of this.#anonymous) context.abort(reason);
  }

  stopped(): boolean {
    return this.#stopped;
  }

  write(item: EndpointItem, final: boolean): Promise<void> | undefined {
    return this.#output.write(item, final && this.#running === 1);
  }

  fail(error: unknown, id: RequestId | undefined): void {
    if (!this.#stopped) this.#output.write(toErrorResponse(error, id));
  }

  /** An exchange has ended: it no longer counts as running, nor can it be cancelled. */
  ended(id: RequestId | undefined, context: LeanRequestContext): void {
    if (id !== undefined && this.#cancellable.get(id) === context) this.#cancellable.delete(id);
    if (id === undefined) this.#anonymous.delete(context);
    if (this.#listens !== undefined && this.#listens.size > 0) this.#listens.delete(context);
    if (--this.#running > 0) return;
    this.#output.quiet?.();
    if (this.#draining) this.#output.idle();
  }

  #startRequest(message: Record<string, unknown>, id: RequestId, listen: boolean): void {
    if (this.#cancellable.has(id)) {
      this.fail(McpError.invalidRequest(`id ${JSON.stringify(id)} is still in use`), id); // P-5
      return;
    }
    const context = new this.#Context(this.#context);
    this.#cancellable.set(id, context);
    if (listen) {
      this.#listens ??= new Set();
      this.#listens.add(context);
    }
    this.#run(message, id, true, context);
  }

  /**
   * Cancels the running request a cancel names; false for malformed cancels and cancels of
   * unknown or finished requests, which the endpoint ignores (S-64).
   */
  #cancel(params: unknown): boolean {
    if (!isRecord(params) || !isRequestId(params.requestId)) return false;
    const context = this.#cancellable.get(params.requestId);
    if (!context) return false;
    this.#cancellable.delete(params.requestId);
    context.abort(cancelledBy(params.reason));
    return true;
  }

  /** Runs one exchange: see `ExchangeRun`. */
  #run(message: unknown, id: RequestId | undefined, answer: boolean, context: LeanRequestContext): void {
    this.#running++;
    if (id === undefined) this.#anonymous.add(context);
    new ExchangeRun(this, id, answer, context).start(this.#endpoint, message);
  }
}
