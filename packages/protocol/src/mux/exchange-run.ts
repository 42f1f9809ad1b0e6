import { closeQuietly } from '../close-quietly.js';
import type { EndpointItem, McpEndpoint } from '../contracts.js';
import { McpError } from '../errors.js';
import type { ExchangeReader, ReadableExchange } from '../exchange-reader.js';
import type { LeanRequestContext } from '../lazy-context.js';
import type { RequestId } from '../schemas/json.js';

/** What an exchange being run needs of its connection. */
export interface ExchangeHost {
  /** Whether the connection has stopped: nothing more is written. */
  stopped(): boolean;
  /**
   * Writes one item; a promise when the output asks to wait before the next one. `final`: the
   * item is the exchange's response, after which it ends.
   */
  write(item: EndpointItem, final: boolean): Promise<void> | undefined;
  /** Writes the error response for `error`, to request `id` when the message had one. */
  fail(error: unknown, id: RequestId | undefined): void;
  /** The exchange has ended: whatever it wrote, it will write nothing more. */
  ended(id: RequestId | undefined, context: LeanRequestContext): void;
}

/**
 * Reads one exchange of the endpoint and writes it out. For a request (`id` set) exactly one
 * response is written unless the exchange is cancelled; items yielded after the response, or
 * after cancellation, are never written. Without `answer` (a notification) nothing is written
 * (P-9). An exchange that hands its items over by a call (`readNext`) is read without a promise
 * per item: the response is written in the reaction that produced it. Items it hands over before
 * `readNext` returns are taken in a loop, so that a burst of thousands does not grow the stack.
 * Any other is read with a `then` per item rather than an `await` in an async function, whose
 * suspended frame a request would otherwise keep while it runs.
 */
export class ExchangeRun implements ExchangeReader<EndpointItem> {
  // Declared, not defined: a field defined as `undefined` and then assigned is two stores per request.
  declare private readonly host: ExchangeHost;
  declare private readonly id: RequestId | undefined;
  declare private readonly answer: boolean;
  declare private readonly context: LeanRequestContext;
  #iterator: ReadableExchange<EndpointItem> | undefined;
  /** An item handed over while `readNext` runs, for the loop in `#pull` to take. */
  #handed: IteratorResult<EndpointItem> | undefined;
  #reading = false;
  #responded = false;
  #done = false;
  #over = false;

  constructor(host: ExchangeHost, id: RequestId | undefined, answer: boolean, context: LeanRequestContext) {
    this.host = host;
    this.id = id;
    this.answer = answer;
    this.context = context;
  }

  /** Hands `message` to `endpoint` and starts reading its exchange. */
  start(endpoint: McpEndpoint, message: unknown): void {
    try {
      this.#iterator = endpoint.handle(message, this.context)[Symbol.asyncIterator]();
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#pull();
  }

  /** The exchange's next item, or its end (the exchange's reader). */
  step(result: IteratorResult<EndpointItem>): void {
    if (this.#reading) this.#handed = result;
    else if (this.#take(result)) this.#pull();
  }

  /** Reading the exchange failed (the exchange's reader). */
  fail(error: unknown): void {
    this.#fail(error);
  }

  #pull(): void {
    const iterator = this.#iterator!;
    if (iterator.readNext === undefined) {
      this.#pullPromise(iterator);
      return;
    }
    for (;;) {
      this.#reading = true;
      try {
        iterator.readNext(this);
      } catch (error) {
        this.#reading = false;
        this.#fail(error);
        return;
      }
      this.#reading = false;
      const handed = this.#handed;
      if (handed === undefined) return;
      this.#handed = undefined;
      if (!this.#take(handed)) return;
    }
  }

  #pullPromise(iterator: AsyncIterator<EndpointItem>): void {
    let next: Promise<IteratorResult<EndpointItem>>;
    try {
      next = iterator.next();
    } catch (error) {
      this.#fail(error);
      return;
    }
    // Closures made per read only here: an exchange read by `readNext` needs none.
    next.then(
      (result) => this.step(result),
      (error: unknown) => this.#fail(error),
    );
  }

  /** Writes one item out; true when the next one is to be read now. */
  #take(next: IteratorResult<EndpointItem>): boolean {
    const { host, context } = this;
    if (next.done) this.#done = true;
    if (this.#done || context.aborted || host.stopped()) {
      this.#end();
      return false;
    }
    if (!this.answer) return true;
    let wait: Promise<void> | undefined;
    try {
      const item = next.value;
      // Requests go out too: a legacy-era exchange asks the client on the request's own stream.
      const isResponse = 'response' in item;
      wait = host.write(item, isResponse);
      if (isResponse) {
        this.#responded = true;
        this.#end();
        return false;
      }
    } catch (error) {
      this.#fail(error);
      return false;
    }
    if (wait === undefined) return true;
    wait.then(() => this.#pull());
    return false;
  }

  #fail(error: unknown): void {
    if (this.answer && !this.context.aborted && !this.host.stopped()) {
      this.host.fail(error, this.id);
      this.#responded = true;
    }
    this.#end();
  }

  #end(): void {
    if (this.#over) return;
    this.#over = true;
    const { host, id, context } = this;
    const iterator = this.#iterator;
    if (iterator && !this.#done) closeQuietly(iterator);
    if (id !== undefined && !this.#responded && !context.aborted && !host.stopped()) {
      host.fail(McpError.internalError('The server ended the request without a response'), id);
    }
    host.ended(id, context);
  }
}
