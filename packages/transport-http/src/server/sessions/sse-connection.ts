import { KEEP_ALIVE_FRAME } from '../sse-source.js';

/** An SSE event; without an id when the store could not keep it (it then cannot be resumed). */
export function frame(id: string | undefined, data: string): string {
  return id === undefined ? `data: ${data}\n\n` : `id: ${id}\ndata: ${data}\n\n`;
}

/**
 * The frames one client connection reads: what its stream delivers, keep-alive comments while
 * quiet, until the stream ends or the client leaves (`cancel`).
 */
export class Connection {
  private readonly frames: string[] = [];
  private waiter: ((frame: string | null) => void) | undefined;
  private ended = false;

  constructor(
    private readonly keepAliveMs: number,
    private readonly onLeave: (connection: Connection) => void,
  ) {}

  push(text: string): void {
    if (this.ended) return;
    const waiter = this.waiter;
    if (waiter) waiter(text);
    else this.frames.push(text);
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.waiter?.(null);
  }

  next(): Promise<string | null> {
    const queued = this.frames.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      this.waiter = (text) => {
        this.waiter = undefined;
        clearTimeout(timer);
        resolve(text);
      };
      if (this.keepAliveMs > 0) timer = setTimeout(() => this.waiter?.(KEEP_ALIVE_FRAME), this.keepAliveMs);
    });
  }

  /** The client left. */
  cancel(): void {
    if (this.ended) return;
    this.close();
    this.onLeave(this);
  }
}
