/**
 * Where the bytes of a body come from: a Web stream's reader, or an adapter over another kind of
 * stream. `cancel` releases what holds the body (a connection, a socket).
 */
export interface ByteSource {
  /** What a Web stream reader's `read` gives, written out: not every TypeScript lib declares its type. */
  read(): Promise<{ done: false; value: Uint8Array } | { done: true; value?: Uint8Array | undefined }>;
  cancel(reason?: unknown): Promise<void>;
}

/** A body's chunks as they arrived, and their total size in bytes. */
export interface BodyChunks {
  chunks: Uint8Array[];
  size: number;
}

/**
 * Reads `source` to its end, keeping its chunks as they arrive: resolves `undefined` as soon as
 * they grow past `limit` bytes, so at most the limit and one chunk are ever held. The source is
 * cancelled whenever reading stops early; an aborted `signal` cancels it and rejects with its
 * reason, even when whatever feeds the source ignores the signal.
 */
export async function readWithin(
  source: ByteSource,
  limit: number,
  signal?: AbortSignal | null,
): Promise<BodyChunks | undefined> {
  const stop = signal ? () => void source.cancel(signal.reason).catch(() => {}) : undefined;
  if (stop !== undefined) signal?.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  try {
    signal?.throwIfAborted();
    for (;;) {
      const { done, value } = await source.read();
      // A cancelled source reports `done`: an aborted read must not pass for a whole body.
      signal?.throwIfAborted();
      if (done) {
        finished = true;
        return { chunks, size };
      }
      size += value.byteLength;
      if (size > limit) return undefined;
      chunks.push(value);
    }
  } finally {
    if (stop !== undefined) signal?.removeEventListener('abort', stop);
    if (!finished) void source.cancel().catch(() => {});
  }
}

/** The chunks as one array: the only chunk itself, else one copy of them all. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
