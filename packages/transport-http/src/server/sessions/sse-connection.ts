import { FrameWaiter, KEEP_ALIVE_FRAME } from '../sse-frames.js';

/**
 * The frames one client connection reads: what its stream delivers, keep-alive comments while
 * quiet, until the stream ends or the client leaves (`cancel`).
 */
export class Connection {
  private readonly frames: string[] = [];
  private readonly waiter = new FrameWaiter<string | null>();
  private ended = false;

  constructor(
    private readonly keepAliveMs: number,
    private readonly onLeave: (connection: Connection) => void,
  ) {}

  push(text: string): void {
    if (this.ended) return;
    if (!this.waiter.wake(text)) this.frames.push(text);
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.waiter.wake(null);
  }

  next(): Promise<string | null> {
    const queued = this.frames.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    return this.waiter.wait(this.keepAliveMs, KEEP_ALIVE_FRAME);
  }

  /** The client left. */
  cancel(): void {
    if (this.ended) return;
    this.close();
    this.onLeave(this);
  }
}
