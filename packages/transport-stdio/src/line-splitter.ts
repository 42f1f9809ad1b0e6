/** Receives what a `LineSplitter` finds in a byte stream. */
export interface LineSink {
  /**
   * One complete line without its `\n`. Usually a view into the chunk being split: read it
   * during the call, do not keep it.
   */
  line(bytes: Buffer): void;
  /** A line grew past `maxLineBytes`; its bytes up to the next `\n` are dropped unread. */
  oversized(maxLineBytes: number): void;
}

/** The default longest line, in bytes, on both sides. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a byte stream into `\n`-delimited lines (T-2). A line that lies inside one chunk is
 * handed over as a view, without copying; only a line split across chunks is concatenated, once,
 * when its end arrives. Empty lines (and a lone `\r`) are skipped. Memory is bounded by
 * `maxLineBytes`: a longer line is reported and discarded as it streams past.
 *
 * @example
 * ```ts
 * const splitter = new LineSplitter(64 * 1024 * 1024, { line: (bytes) => onLine(bytes), oversized: () => {} });
 * stream.on('data', (chunk: Buffer) => splitter.push(chunk));
 * stream.on('end', () => splitter.end());
 * ```
 */
export class LineSplitter {
  readonly #maxLineBytes: number;
  readonly #sink: LineSink;
  #parts: Buffer[] = [];
  #partsLength = 0;
  #discarding = false;

  constructor(maxLineBytes: number, sink: LineSink) {
    this.#maxLineBytes = maxLineBytes;
    this.#sink = sink;
  }

  /** Feeds the next chunk of the stream. */
  push(chunk: Buffer): void {
    let newline = chunk.indexOf(NEWLINE);
    if (newline === -1) {
      this.#keep(chunk);
      return;
    }
    this.#finishPending(chunk, newline);
    let start = newline + 1;
    newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      this.#emit(chunk, start, newline);
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.#keep(start === 0 ? chunk : chunk.subarray(start));
  }

  /** The stream ended: a last line without a trailing `\n` still counts. */
  end(): void {
    if (this.#partsLength > 0) {
      const line = this.#takeParts();
      if (!isBlank(line, 0, line.length)) this.#sink.line(line);
    }
    this.#discarding = false;
  }

  #finishPending(chunk: Buffer, newline: number): void {
    if (this.#discarding) {
      this.#discarding = false;
      return;
    }
    if (this.#partsLength === 0) {
      this.#emit(chunk, 0, newline);
      return;
    }
    if (this.#partsLength + newline > this.#maxLineBytes) {
      this.#dropParts();
      this.#sink.oversized(this.#maxLineBytes);
      return;
    }
    this.#parts.push(chunk.subarray(0, newline));
    this.#partsLength += newline;
    const line = this.#takeParts();
    if (!isBlank(line, 0, line.length)) this.#sink.line(line);
  }

  #emit(chunk: Buffer, start: number, end: number): void {
    if (isBlank(chunk, start, end)) return;
    if (end - start > this.#maxLineBytes) {
      this.#sink.oversized(this.#maxLineBytes);
      return;
    }
    this.#sink.line(chunk.subarray(start, end));
  }

  #keep(part: Buffer): void {
    if (this.#discarding) return;
    if (this.#partsLength + part.length > this.#maxLineBytes) {
      this.#dropParts();
      this.#discarding = true;
      this.#sink.oversized(this.#maxLineBytes);
      return;
    }
    this.#parts.push(part);
    this.#partsLength += part.length;
  }

  #takeParts(): Buffer {
    const line = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts, this.#partsLength);
    this.#dropParts();
    return line;
  }

  #dropParts(): void {
    this.#parts = [];
    this.#partsLength = 0;
  }
}

function isBlank(bytes: Buffer, start: number, end: number): boolean {
  return end === start || (end === start + 1 && bytes[start] === CARRIAGE_RETURN);
}
