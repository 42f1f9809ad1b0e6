import type { LazyAbort } from '@mcpkit/protocol/internal';
import type { ByteSource } from './bounded-body.js';

/**
 * What cancels a request: a signal, or a `LazyAbort`, which a sender that can listen without a
 * signal (Node's) never turns into one, so an exchange that is not cancelled costs no signal.
 */
export type RequestCancel = AbortSignal | LazyAbort;

/** Whether `cancel` is a `LazyAbort` (told apart by shape: a signal may come from another realm). */
export function isLazyAbort(cancel: RequestCancel): cancel is LazyAbort {
  return typeof (cancel as Partial<LazyAbort>).onAbort === 'function';
}

/** The signal of `cancel`, created on the spot for a `LazyAbort`. */
function signalOf(cancel: RequestCancel): AbortSignal {
  return isLazyAbort(cancel) ? cancel.signal : cancel;
}

/** One HTTP request of the client transport: every header name in lower case. */
export interface HttpRequestSpec {
  method: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request, and the reading of its response body. */
  signal: RequestCancel;
}

/** What the client transport reads of an HTTP response, whichever way it was sent. */
export interface HttpReply {
  /** Where the response came from: the URL the request was sent to. */
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  /** A status in 200–299. */
  readonly ok: boolean;
  /** A browser's manual redirect, whose status and `Location` are hidden. */
  readonly opaqueRedirect: boolean;
  /** A header's value (the values of a repeated one joined with `, `), or `null`. */
  header(name: string): string | null;
  /** The body, read once; `null` when the response has none. */
  readonly body: ByteSource | null;
  /** The response as a Web `Response` for an auth provider, sharing this reply's body. */
  toResponse(): Response;
}

/**
 * Sends the client transport's requests: `fetch` anywhere, or Node's own HTTP machinery on Node.
 * Redirects are never followed by a sender: the transport checks each hop itself.
 */
export interface HttpSender {
  send(url: string, request: HttpRequestSpec): Promise<HttpReply>;
  /** Releases idle connections; requests in flight are aborted by their own signals. */
  close(): void;
}

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A Web stream's body, its reader taken only when read, so an unread body is cancelled as a stream. */
class StreamBody implements ByteSource {
  readonly #stream: ReadableStream<Uint8Array>;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#stream = stream;
  }

  read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    this.#reader ??= this.#stream.getReader();
    return this.#reader.read();
  }

  cancel(reason?: unknown): Promise<void> {
    return this.#reader ? this.#reader.cancel(reason) : this.#stream.cancel(reason);
  }
}

class FetchReply implements HttpReply {
  readonly #response: Response;
  readonly url: string;
  readonly body: ByteSource | null;

  constructor(response: Response, url: string) {
    this.#response = response;
    this.url = url;
    this.body = response.body === null ? null : new StreamBody(response.body);
  }

  get status(): number {
    return this.#response.status;
  }

  get statusText(): string {
    return this.#response.statusText;
  }

  get ok(): boolean {
    return this.#response.ok;
  }

  get opaqueRedirect(): boolean {
    return this.#response.type === 'opaqueredirect';
  }

  header(name: string): string | null {
    return this.#response.headers.get(name);
  }

  toResponse(): Response {
    return this.#response;
  }
}

/** A sender over `fetchImpl`, which follows no redirect itself (`redirect: 'manual'`). */
export function fetchSender(fetchImpl: Fetch): HttpSender {
  return {
    async send(url, { method, headers, body, signal }) {
      const init = { method, headers, body, signal: signalOf(signal), redirect: 'manual' as const };
      const response = await fetchImpl(url, init);
      return new FetchReply(response, url);
    },
    close() {},
  };
}
