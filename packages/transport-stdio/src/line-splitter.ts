import { isUtf8 } from 'node:buffer';

/** Receives what a `LineSplitter` finds in a byte stream. */
export interface LineSink {
  /**
   * One complete line without its `\n`. Usually a view into the chunk being split: read it
   * during the call, do not keep it. With `text`, only lines that are not valid UTF-8 come here.
   */
  line(bytes: Buffer): void;
  /** A line grew past `maxLineBytes`; its bytes up to the next `\n` are dropped unread. */
  oversized(maxLineBytes: number): void;
  /**
   * One complete line that is valid UTF-8, decoded. When the sink has this method, the lines of
   * a chunk are checked and decoded together (one pass over the chunk rather than one per line)
   * and handed over as slices of that text.
   */
  text?(line: string): void;
}

/** The default longest line, in bytes, on both sides. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a byte stream into `\n`-delimited lines (T-2). A line that lies inside one chunk is
 * handed over as a view, without copying (or, to a sink with `text`, as a slice of the chunk's
 * decoded text); only a line split across chunks is concatenated, once, when its end arrives.
 * Empty lines (and a lone `\r`) are skipped. Memory is bounded by `maxLineBytes`: a longer line
 * is reported and discarded as it streams past.
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
  readonly #text: ((line: string) => void) | undefined;
  #parts: Buffer[] = [];
  #partsLength = 0;
  #discarding = false;

  constructor(maxLineBytes: number, sink: LineSink) {
    this.#maxLineBytes = maxLineBytes;
    this.#sink = sink;
    this.#text = sink.text?.bind(sink);
  }

  /** Feeds the next chunk of the stream. */
  push(chunk: Buffer): void {
    // A chunk usually ends with a newline, so this search stops at once.
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.#keep(chunk);
      return;
    }
    let start = 0;
    if (this.#discarding || this.#partsLength > 0) {
      const newline = chunk.indexOf(NEWLINE);
      this.#finishPending(chunk, newline);
      start = newline + 1;
    }
    if (last >= start) {
      if (this.#text) this.#emitText(chunk, start, last);
      else this.#emitViews(chunk, start, last);
    }
    if (last + 1 < chunk.length) this.#keep(chunk.subarray(last + 1));
  }

  /** The stream ended: a last line without a trailing `\n` still counts. */
  end(): void {
    if (this.#partsLength > 0) {
      const line = this.#takeParts();
      if (!isBlank(line, 0, line.length)) this.#deliver(line);
    }
    this.#discarding = false;
  }

  /** Ends the line begun in earlier chunks (or the one being discarded) at `chunk[newline]`. */
  #finishPending(chunk: Buffer, newline: number): void {
    if (this.#discarding) {
      this.#discarding = false;
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
    if (!isBlank(line, 0, line.length)) this.#deliver(line);
  }

  /** The lines of `chunk[start, end]`, where `end` is the offset of the region's last `\n`. */
  #emitViews(chunk: Buffer, start: number, end: number): void {
    let from = start;
    while (from <= end) {
      const newline = chunk.indexOf(NEWLINE, from);
      this.#emit(chunk, from, newline);
      from = newline + 1;
    }
  }

  /**
   * Like `#emitViews`, for a sink that takes text: the region is checked and decoded once, and
   * its lines are slices of that text. `\n` never occurs inside a multi-byte UTF-8 character, so
   * the n-th `\n` of the text is the n-th of the bytes. A region that is not valid UTF-8 goes
   * line by line, so only its broken lines reach `line`.
   */
  #emitText(chunk: Buffer, start: number, end: number): void {
    const text = chunk.toString('utf8', start, end + 1);
    if (!decodedWhole(text, chunk, start, end + 1)) {
      this.#emitViews(chunk, start, end);
      return;
    }
    const ascii = text.length === end + 1 - start;
    const max = this.#maxLineBytes;
    const sink = this.#text!;
    let from = 0;
    let fromByte = start;
    while (from < text.length) {
      const newline = text.indexOf('\n', from);
      const bytes = ascii ? newline - from : chunk.indexOf(NEWLINE, fromByte) - fromByte;
      if (bytes > max) this.#sink.oversized(max);
      else if (!(bytes === 0 || (bytes === 1 && text.charCodeAt(from) === CARRIAGE_RETURN)))
        sink(text.slice(from, newline));
      from = newline + 1;
      fromByte += bytes + 1;
    }
  }

  #emit(chunk: Buffer, start: number, end: number): void {
    if (isBlank(chunk, start, end)) return;
    if (end - start > this.#maxLineBytes) {
      this.#sink.oversized(this.#maxLineBytes);
      return;
    }
    this.#deliver(chunk.subarray(start, end));
  }

  /** A complete, non-blank line: as text when the sink takes text and it is UTF-8, else as bytes. */
  #deliver(line: Buffer): void {
    if (this.#text) {
      const text = line.toString('utf8');
      if (decodedWhole(text, line, 0, line.length)) {
        this.#text(text);
        return;
      }
    }
    this.#sink.line(line);
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

/**
 * Whether `text`, decoded from `bytes[start, end)`, is those bytes: decoding replaces every byte
 * sequence that is not UTF-8 with U+FFFD, so text without one is. Looking for it in text V8 holds
 * as one byte per character (ASCII, the usual message) fails at once, where `isUtf8` reads every byte.
 */
function decodedWhole(text: string, bytes: Buffer, start: number, end: number): boolean {
  return !text.includes('\uFFFD') || isUtf8(bytes.subarray(start, end));
}

function isBlank(bytes: Buffer, start: number, end: number): boolean {
  return end === start || (end === start + 1 && bytes[start] === CARRIAGE_RETURN);
}
