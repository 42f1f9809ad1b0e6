import {
  type BodyChunks,
  type ByteSource as ChunkSource,
  joinChunks,
  readWithin,
  TransportError,
} from '@mcpkit/protocol/internal';

/** The default largest JSON response body and SSE event, in bytes: the stdio transport's line limit. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Size limits on what a server may send back; see `HttpClientTransportOptions`. */
export interface ResponseLimits {
  /** Largest `application/json` (or other non-stream) response body, in bytes. */
  maxResponseBytes: number;
  /** Largest SSE event, in characters of its decoded text (at most its bytes). */
  maxEventBytes: number;
}

/**
 * Where the bytes of a response body come from (a protocol `ByteSource`), and, for a source
 * that can gather the whole body cheaper than read by read, `readAll`: resolves `undefined`, the
 * body cancelled, as soon as it grows past `limit` bytes. Only before any `read`.
 */
export interface ByteSource extends ChunkSource {
  readAll?(limit: number): Promise<BodyChunks | undefined>;
}

/** The `TransportError` for a response past a size limit. */
export function tooLarge(what: string, limit: number, status: number): TransportError {
  return new TransportError('too-large', `HTTP ${status}: ${what} exceeds ${limit} bytes`, { status });
}

/** Decodes whole bodies (never a stream), so one instance serves every response. */
const UTF8 = new TextDecoder();

/**
 * The whole body of a response as text, refused with a `too-large` `TransportError` as soon as it
 * grows past `limit` bytes (a declared `Content-Length` past it is refused before reading). The
 * chunks are kept as they arrive and copied once, at the end, like `Response.text()`. The source
 * is cancelled when reading stops early.
 */
export async function readBoundedText(
  source: ByteSource,
  limit: number,
  declaredLength: string | null,
  status: number,
): Promise<string> {
  if (declaredLength !== null && Number(declaredLength) > limit) {
    void source.cancel().catch(() => {});
    throw tooLarge('the response body', limit, status);
  }
  const whole = source.readAll !== undefined ? await source.readAll(limit) : await readWithin(source, limit);
  if (whole === undefined) throw tooLarge('the response body', limit, status);
  return UTF8.decode(joinChunks(whole.chunks, whole.size));
}
