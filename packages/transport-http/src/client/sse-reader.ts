import { type ByteSource, tooLarge } from './bounded-body.js';
import { type SseEvent, SseEventTooLarge, SseParser } from './sse-parser.js';

/**
 * The events of an SSE response body, chunk by chunk: bytes decoded as UTF-8 across chunk
 * boundaries and parsed; an event past `maxEventBytes` fails with a `too-large` `TransportError`
 * carrying the response's status.
 */
export class SseReader {
  readonly source: ByteSource;
  readonly parser: SseParser;
  readonly #decoder = new TextDecoder();
  readonly #status: number;

  constructor(source: ByteSource, maxEventBytes: number, status: number) {
    this.source = source;
    this.parser = new SseParser(maxEventBytes);
    this.#status = status;
  }

  /** The events the next chunk completes; at the end of the body, every event still open, and `done`. */
  async read(): Promise<{ events: SseEvent[]; done: boolean }> {
    const { done, value } = await this.source.read();
    const text = done ? this.#decoder.decode() : this.#decoder.decode(value, { stream: true });
    try {
      const events = this.parser.push(text);
      return { events: done ? events.concat(this.parser.end()) : events, done };
    } catch (error) {
      if (error instanceof SseEventTooLarge) throw tooLarge('an SSE event', error.limit, this.#status);
      throw error;
    }
  }

  /** Stops reading the body (the connection is released); never throws. */
  cancel(): void {
    void this.source.cancel().catch(() => {});
  }
}
