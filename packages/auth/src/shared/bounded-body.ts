import { joinChunks, readWithin } from '@mcpkit/protocol/internal';

/** One bounded read: what is read, from where, the limit and the option that sets it. */
export interface BoundedRead {
  /** What is being read, as a user knows it: `protected resource metadata`, `JWKS`. */
  what: string;
  url: string;
  /** The most bytes read; a body past it is refused. */
  limit: number;
  /** The option that sets `limit`, named in the error. */
  option: string;
  /** Ends the read (a time limit): the body is cancelled and the signal's reason thrown. */
  signal?: AbortSignal | null | undefined;
}

/** An OAuth response body past its limit: never read further, its stream cancelled. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';

  constructor({ what, url, limit, option }: BoundedRead) {
    super(`the ${what} at ${url} is larger than ${limit} bytes, the limit set by ${option}; it was not read`);
  }
}

/**
 * The whole body of `response`, read chunk by chunk and refused with a `ResponseTooLargeError` as
 * soon as it grows past `read.limit` (a declared `Content-Length` past it is refused before any
 * read): at most the limit and one chunk are ever held. The body stream is cancelled whenever
 * reading stops early, and `read.signal` ends the read even when the `fetch` ignores it.
 */
export async function readBoundedBody(
  response: Response,
  read: BoundedRead,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = response.body;
  if (body === null) return new Uint8Array(0);
  const declared = response.headers.get('content-length');
  if (declared !== null && Number(declared) > read.limit) {
    void body.cancel().catch(() => {});
    throw new ResponseTooLargeError(read);
  }
  const whole = await readWithin(body.getReader(), read.limit, read.signal);
  if (whole === undefined) throw new ResponseTooLargeError(read);
  const joined = joinChunks(whole.chunks, whole.size);
  // `Response` takes an array over its own `ArrayBuffer` in every runtime: a lone chunk is copied
  // into one; a join already is one.
  return (whole.chunks.length === 1 ? joined.slice() : joined) as Uint8Array<ArrayBuffer>;
}

/** `value` when it is a positive whole number of bytes, `fallback` when undefined; else a `TypeError`. */
export function byteLimit(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`${option} must be a positive whole number of bytes`);
  }
  return value;
}

/** The `fetch` shape the bounded fetch wraps: what oauth4webapi and jose call. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` whose responses come back already read, within `limit` (see `readBoundedBody`), for
 * libraries that read bodies themselves: the copy keeps status and headers, so they see the same
 * response, and never an unbounded one.
 */
export function boundedFetch(
  fetch: FetchFunction,
  describe: Omit<BoundedRead, 'url' | 'signal'>,
): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) return response;
    const url = input instanceof Request ? input.url : String(input);
    const bytes = await readBoundedBody(response, { ...describe, url, signal: init?.signal });
    return new Response(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
