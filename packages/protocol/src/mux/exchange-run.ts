import { closeQuietly } from '../close-quietly.js';
import type { EndpointItem, McpEndpoint } from '../contracts.js';
import { McpError } from '../errors.js';
import type { LazyRequestContext } from '../lazy-context.js';
import type { RequestId } from '../schemas/json.js';

/** What an exchange being run needs of its connection. */
export interface ExchangeHost {
  /** Whether the connection has stopped: nothing more is written. */
  stopped(): boolean;
  /** Writes one item; a promise when the output asks to wait before the next one. */
  write(item: EndpointItem): Promise<void> | undefined;
  /** Writes the error response for `error`, to request `id` when the message had one. */
  fail(error: unknown, id: RequestId | undefined): void;
  /** The exchange has ended: whatever it wrote, it will write nothing more. */
  ended(id: RequestId | undefined, context: LazyRequestContext): void;
}

/**
 * Reads one exchange of the endpoint and writes it out. For a request (`id` set) exactly one
 * response is written unless the exchange is cancelled; items yielded after the response, or
 * after cancellation, are never written. Without `answer` (a notification) nothing is written
 * (P-9). Each item is read with a `then` on the iterator's promise rather than an `await` in an
 * async function, whose suspended frame a request would otherwise keep while it runs.
 */
export class ExchangeRun {
  // Declared, not defined: a field defined as `undefined` and then assigned is two stores per request.
  declare private readonly host: ExchangeHost;
  declare private readonly id: RequestId | undefined;
  declare private readonly answer: boolean;
  declare private readonly context: LazyRequestContext;
  #iterator: AsyncIterator<EndpointItem> | undefined;
  #responded = false;
  #done = false;
  #over = false;

  constructor(host: ExchangeHost, id: RequestId | undefined, answer: boolean, context: LazyRequestContext) {
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

  #pull(): void {
    let next: Promise<IteratorResult<EndpointItem>>;
    try {
      next = this.#iterator!.next();
    } catch (error) {
      this.#fail(error);
      return;
    }
    next.then(this.#take, this.#onFailure);
  }

  readonly #take = (next: IteratorResult<EndpointItem>): void => {
    const { host, context } = this;
    if (next.done) this.#done = true;
    if (this.#done || context.aborted || host.stopped()) {
      this.#end();
      return;
    }
    if (!this.answer) {
      this.#pull();
      return;
    }
    let wait: Promise<void> | undefined;
    try {
      const item = next.value;
      // Requests go out too: a legacy-era exchange asks the client on the request's own stream.
      const isResponse = 'response' in item;
      wait = host.write(item);
      if (isResponse) {
        this.#responded = true;
        this.#end();
        return;
      }
    } catch (error) {
      this.#fail(error);
      return;
    }
    if (wait) wait.then(() => this.#pull());
    else this.#pull();
  };

  readonly #onFailure = (error: unknown): void => this.#fail(error);

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
