/** The body of a request as an adapter read it. */
export type BodyRead =
  /** The raw body (bytes, or text a framework already decoded). */
  | { kind: 'bytes'; bytes: Uint8Array | string }
  /** A framework (Express, Fastify) already parsed it as JSON. */
  | { kind: 'parsed'; value: unknown }
  /** It is larger than the limit. */
  | { kind: 'too-large' }
  /** The client went away while sending it. */
  | { kind: 'failed' };

/**
 * What the shared HTTP layer needs from a request, whatever the runtime: the fetch handler
 * wraps a Web `Request`, the Node adapter an `IncomingMessage`, without copying either.
 */
export interface IncomingHttpRequest {
  readonly method: string;
  readonly headers: Headers;
  readonly cancellation: Cancellation;
  /** The `Host` the request was sent to, or `null` when unknown. */
  host(): string | null;
  /** The path of the request URL, without the query. */
  pathname(): string;
  /** The absolute request URL. */
  url(): string;
  /** Reads the whole body, giving up as soon as it exceeds `limit` bytes. */
  readBody(limit: number): Promise<BodyRead>;
}

/**
 * The cancellation of one exchange. Its `AbortSignal` is only created when something asks for
 * it: making one costs microseconds on Node 20, and most exchanges finish without one.
 */
export class Cancellation {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  get aborted(): boolean {
    return this.#aborted;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  abort(reason: unknown = new DOMException('The client closed the connection', 'AbortError')): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}
