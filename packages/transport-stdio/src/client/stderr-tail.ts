/** The most of a server's stderr a start failure quotes. */
const MAX_TAIL_CHARS = 4096;
const MAX_TAIL_LINES = 20;

/**
 * The end of what a server process wrote to stderr, kept until it first answers: the error of a
 * server that could not start quotes it (a missing module, a syntax error, a port in use).
 */
export class StderrTail {
  #text = '';

  push(text: string): void {
    this.#text += text;
    if (this.#text.length > 2 * MAX_TAIL_CHARS) this.#text = this.#text.slice(-MAX_TAIL_CHARS);
  }

  /** The last 20 lines, at most 4 KiB, without surrounding blank lines; `''` when it wrote nothing. */
  text(): string {
    const lines = this.#text.slice(-MAX_TAIL_CHARS).trim().split(/\r?\n/);
    return lines.slice(-MAX_TAIL_LINES).join('\n');
  }
}
