import { TransportError } from '@mcpkit/protocol/internal';

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
 * Where the bytes of a response body come from: a Web stream's reader, or an adapter over another
 * kind of stream. `cancel` releases the connection.
 */
export interface ByteSource {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(reason?: unknown): Promise<void>;
  /**
   * The whole body at once, for a source that can gather it cheaper than read by read; resolves
   * `undefined`, the body cancelled, as soon as it grows past `limit` bytes. Only before any `read`.
   */
  readAll?(limit: number): Promise<BodyChunks | undefined>;
}

/** A body's chunks as they arrived, and their total size in bytes. */
export interface BodyChunks {
  chunks: Uint8Array[];
  size: number;
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
  if (source.readAll !== undefined) {
    const whole = await source.readAll(limit);
    if (whole === undefined) throw tooLarge('the response body', limit, status);
    return UTF8.decode(joinChunks(whole.chunks, whole.size));
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await source.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge('the response body', limit, status);
      chunks.push(value);
    }
    finished = true;
  } finally {
    if (!finished) void source.cancel().catch(() => {});
  }
  return UTF8.decode(joinChunks(chunks, size));
}

function joinChunks(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
