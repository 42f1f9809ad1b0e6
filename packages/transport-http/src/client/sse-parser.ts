/** One dispatched Server-Sent Event. */
export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
}

/** Thrown by `SseParser.push` when the event being read grows past the parser's limit. */
export class SseEventTooLarge extends RangeError {
  constructor(readonly limit: number) {
    super(`an SSE event exceeds ${limit} characters`);
    this.name = 'SseEventTooLarge';
  }
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"):
 * feed it decoded text in chunks of any size; it handles `\r\n`, `\r` and `\n` line ends (also
 * split across chunks), comment lines (ignored, H-15), multi-line `data`, and `event` names.
 * `id` and `retry` are kept in `lastEventId` and `retryMs`: 2026-07-28 streams are not resumable
 * (H-16), but a 2025-era stream that ends early is resumed from them (B-11).
 *
 * Memory is bounded by `maxEventLength`: the text held for the event being read (its unfinished
 * line, its `data` lines, its `event` name) may not grow past it, or `push` throws
 * `SseEventTooLarge`. A stream of many small events is never limited.
 *
 * @example
 * ```ts
 * const parser = new SseParser();
 * for (const event of parser.push('data: {"a":1}\n\n')) console.log(event.data);
 * ```
 */
export class SseParser {
  /**
   * The start of a line whose end has not arrived yet, as the pieces it came in. Joined once
   * when the line ends, so a long `data:` line costs time in its size, not size times chunks.
   */
  #partial: string[] = [];
  /** The last chunk ended with `\r`: a `\n` opening the next one completes that line end. */
  #afterCarriageReturn = false;
  #data: string[] = [];
  #event = '';
  #started = false;
  /** Characters held for the current event: `#partial`, `#data` and `#event` together. */
  #held = 0;
  readonly #maxEventLength: number;

  constructor(maxEventLength = Number.POSITIVE_INFINITY) {
    this.#maxEventLength = maxEventLength;
  }
  /** The last `id` field seen (the spec's "last event ID buffer"); `''` before any. */
  lastEventId = '';
  /** The last valid `retry` field, in milliseconds: how long to wait before reconnecting. */
  retryMs: number | undefined = undefined;

  /** Parses `text` and returns the events it completed. */
  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    if (text.length === 0) return events;
    let start = 0;
    if (!this.#started) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) start = 1;
    }
    if (this.#afterCarriageReturn) {
      this.#afterCarriageReturn = false;
      if (text.charCodeAt(0) === 0x0a) start = 1;
    }
    // Only the new text is scanned (the pieces in `#partial` hold no line end), each kind of
    // line end once: a position found past the current line is kept for the lines after it.
    let nextLf = text.indexOf('\n', start);
    let nextCr = text.indexOf('\r', start);
    for (;;) {
      if (nextLf >= 0 && nextLf < start) nextLf = text.indexOf('\n', start);
      if (nextCr >= 0 && nextCr < start) nextCr = text.indexOf('\r', start);
      const lineEnd = nextCr < 0 || (nextLf >= 0 && nextLf < nextCr) ? nextLf : nextCr;
      if (lineEnd < 0) break;
      this.#line(this.#completeLine(text.slice(start, lineEnd)), events);
      start = lineEnd + 1;
      if (lineEnd === nextCr) {
        if (start === text.length) this.#afterCarriageReturn = true;
        else if (nextLf === start) start++;
      }
    }
    if (start < text.length) {
      this.#partial.push(text.slice(start));
      this.#hold(text.length - start);
    }
    return events;
  }

  /**
   * Ends the stream and returns what is left. The spec drops an event that was not
   * terminated by a blank line; this parser dispatches it, so a server that forgets the final
   * blank line still delivers its last message.
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.#partial.length > 0) this.#line(this.#completeLine(''), events);
    this.#afterCarriageReturn = false;
    this.#dispatch(events);
    return events;
  }

  /** The line that ends with `tail`: `tail` itself unless earlier chunks began it. */
  #completeLine(tail: string): string {
    if (this.#partial.length === 0) return tail;
    this.#partial.push(tail);
    const line = this.#partial.join('');
    this.#partial = [];
    this.#held -= line.length - tail.length;
    return line;
  }

  #hold(length: number): void {
    this.#held += length;
    if (this.#held > this.#maxEventLength) throw new SseEventTooLarge(this.#maxEventLength);
  }

  #line(line: string, events: SseEvent[]): void {
    if (line.length === 0) {
      this.#dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    if (field === 'data') {
      this.#data.push(value);
      this.#hold(value.length + 1);
    } else if (field === 'event') {
      this.#hold(value.length - this.#event.length);
      this.#event = value;
    } else if (field === 'id') {
      if (!value.includes('\0')) this.lastEventId = value;
    } else if (field === 'retry' && /^[0-9]+$/.test(value)) this.retryMs = Number(value);
  }

  #dispatch(events: SseEvent[]): void {
    if (this.#data.length > 0) events.push({ event: this.#event || 'message', data: this.#data.join('\n') });
    this.#data = [];
    this.#event = '';
    this.#held = 0;
  }
}
