/** One dispatched Server-Sent Event. */
export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"):
 * feed it decoded text in chunks of any size; it handles `\r\n`, `\r` and `\n` line ends (also
 * split across chunks), comment lines (ignored, H-15), multi-line `data`, and `event` names.
 * `id` and `retry` are ignored: MCP streams are not resumable (H-16).
 *
 * @example
 * ```ts
 * const parser = new SseParser();
 * for (const event of parser.push('data: {"a":1}\n\n')) console.log(event.data);
 * ```
 */
export class SseParser {
  #buffer = '';
  #data: string[] = [];
  #event = '';
  #started = false;

  /** Parses `text` and returns the events it completed. */
  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    // The leftover holds no line end except perhaps a final `\r`: resume the scan there.
    let scanFrom = Math.max(0, this.#buffer.length - 1);
    let buffer = this.#buffer + text;
    if (!this.#started && buffer.length > 0) {
      this.#started = true;
      if (buffer.charCodeAt(0) === 0xfeff) {
        buffer = buffer.slice(1);
        scanFrom = 0;
      }
    }
    let start = 0;
    for (;;) {
      const lineEnd = findLineEnd(buffer, Math.max(start, scanFrom));
      if (lineEnd < 0) break;
      const char = buffer.charCodeAt(lineEnd);
      // A `\r` at the end of the buffer may be the first half of `\r\n`: wait for more.
      if (char === 0x0d && lineEnd === buffer.length - 1) break;
      this.#line(buffer.slice(start, lineEnd), events);
      start = lineEnd + (char === 0x0d && buffer.charCodeAt(lineEnd + 1) === 0x0a ? 2 : 1);
    }
    this.#buffer = buffer.slice(start);
    return events;
  }

  /**
   * Ends the stream and returns what is left. The spec drops an event that was not
   * terminated by a blank line; this parser dispatches it, so a server that forgets the final
   * blank line still delivers its last message.
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.#buffer.length > 0) this.#line(this.#buffer.replace(/\r$/, ''), events);
    this.#buffer = '';
    this.#dispatch(events);
    return events;
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
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
  }

  #dispatch(events: SseEvent[]): void {
    if (this.#data.length > 0) events.push({ event: this.#event || 'message', data: this.#data.join('\n') });
    this.#data = [];
    this.#event = '';
  }
}

function findLineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x0a || char === 0x0d) return i;
  }
  return -1;
}
