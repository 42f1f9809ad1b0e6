import type { Writable } from 'node:stream';

/** What a pipe holds on Linux before a writer must wait. */
const PIPE_CAPACITY = 64 * 1024;

interface Waiting {
  text: string;
  resolve: () => void;
}

/**
 * Writes whole lines to a stream and respects backpressure.
 *
 * - Lines written while the current callback and its promise jobs are still running are joined
 *   and written together right after them (`process.nextTick`, before the event loop goes on, so
 *   a lone line waits for nothing), or as soon as they fill a pipe (64 KiB): one
 *   system call for a burst of pipelined messages instead of one each, and the peer woken once.
 *   A line is never split across writes.
 * - Once the stream asks to drain, later lines wait, in order, each with its writer awaiting it,
 *   instead of piling up in the stream's buffer.
 *
 * @example
 * ```ts
 * const writer = new LineWriter(child.stdin);
 * const wait = writer.write(JSON.stringify(message) + '\n');
 * if (wait) await wait; // only when the pipe is full
 * ```
 */
export class LineWriter {
  readonly #stream: Writable;
  readonly #write: (text: string) => boolean;
  readonly #onBlockedChange: ((blocked: boolean) => void) | undefined;
  #waiting: Waiting[] = [];
  #blocked = false;
  #abandoned = false;
  /** Lines written since the last direct write, joined; `undefined` when no flush is scheduled. */
  #batch: string | undefined;
  /**
   * A batch this long is written at once rather than at the scheduled flush: what a Linux pipe
   * holds, or the stream's high-water mark when larger. A smaller limit (Node 20's default mark,
   * 16 KiB) split a burst of 64 requests in two writes, which woke the peer twice.
   */
  readonly #batchLimit: number;

  /**
   * @param options.write how to write to `stream`; defaults to `stream.write` (the stdio server
   *   passes the original `process.stdout.write` so a redirected one cannot reach it).
   */
  constructor(
    stream: Writable,
    options: { write?: (text: string) => boolean; onBlockedChange?: (blocked: boolean) => void } = {},
  ) {
    this.#stream = stream;
    this.#write = options.write ?? ((text) => stream.write(text));
    this.#onBlockedChange = options.onBlockedChange;
    this.#batchLimit = Math.max(stream.writableHighWaterMark, PIPE_CAPACITY);
    stream.on('drain', this.#drain);
  }

  /** Whether lines are waiting for the stream to drain. */
  get blocked(): boolean {
    return this.#blocked;
  }

  /**
   * Writes `text` (one line, with its `\n`). Returns `undefined` when the stream took it (or
   * will at the scheduled flush), or a promise that resolves once it has been written (or the
   * writer was abandoned).
   */
  write(text: string): Promise<void> | undefined {
    if (this.#abandoned) return undefined;
    if (this.#blocked) return new Promise((resolve) => this.#waiting.push({ text, resolve }));
    if (this.#batch === undefined) {
      this.#batch = text;
      process.nextTick(this.#flushBatch);
    } else {
      this.#batch += text;
    }
    if (this.#batch.length >= this.#batchLimit) this.#writeBatch();
    return undefined;
  }

  /**
   * `write`, then the batch written at once with `text` last: for a line that nothing will join
   * (the answer before the server goes quiet), so that no flush is scheduled for it.
   */
  writeNow(text: string): Promise<void> | undefined {
    if (this.#abandoned) return undefined;
    if (this.#blocked) return new Promise((resolve) => this.#waiting.push({ text, resolve }));
    if (this.#batch === undefined) {
      if (!this.#write(text)) this.#setBlocked(true);
    } else {
      this.#batch += text;
      this.#writeBatch();
    }
    return undefined;
  }

  /** Writes the batched lines now (before ending the stream or exiting). */
  flush(): void {
    this.#flushBatch();
  }

  /**
   * Writes every line now, the batched ones and those waiting for the stream to drain, whatever
   * its backpressure (their writers' promises resolve): for the last lines before the stream is
   * ended, which no later drain would write.
   */
  flushAll(): void {
    this.#flushBatch();
    const waiting = this.#waiting;
    if (waiting.length === 0) return;
    this.#waiting = [];
    for (const entry of waiting) {
      entry.resolve();
      this.#write(entry.text);
    }
  }

  /** The peer is gone: drop waiting lines (their promises resolve) and ignore later writes. */
  abandon(): void {
    this.#abandoned = true;
    this.#batch = undefined;
    this.#stream.off('drain', this.#drain);
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const entry of waiting) entry.resolve();
  }

  readonly #flushBatch = (): void => {
    this.#writeBatch();
    this.#batch = undefined;
  };

  /** Writes the batch so far; later lines go on batching (or waiting, once blocked). */
  #writeBatch(): void {
    const batch = this.#batch;
    if (!batch || this.#abandoned) return;
    this.#batch = '';
    if (!this.#write(batch)) this.#setBlocked(true);
  }

  readonly #drain = (): void => {
    let index = 0;
    let stillBlocked = false;
    while (index < this.#waiting.length) {
      const entry = this.#waiting[index++]!;
      entry.resolve();
      if (!this.#write(entry.text)) {
        stillBlocked = true;
        break;
      }
    }
    this.#waiting = index === this.#waiting.length ? [] : this.#waiting.slice(index);
    if (!stillBlocked) this.#setBlocked(false);
  };

  #setBlocked(blocked: boolean): void {
    if (this.#blocked === blocked) return;
    this.#blocked = blocked;
    this.#onBlockedChange?.(blocked);
  }
}
