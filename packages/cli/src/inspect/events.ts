/** How many events a page that connects late (or reloads) is sent first. */
const HISTORY = 2000;

/**
 * The inspector's event stream: every event goes to each open stream, and the last `HISTORY` are
 * kept so a page that opens later sees the session so far.
 */
export class EventHub {
  readonly #history: string[] = [];
  readonly #listeners = new Set<(frame: string) => void>();

  /**
   * Sends an event of `type` (`message`, `http`, `status`, `question`, `answered`, `progress`,
   * `log`, `list-changed`, `resource-updated`, `listening`, `task` or `oauth`) with `fields` and the time (`at`, ms since the epoch) to every stream.
   */
  emit(type: string, fields: Record<string, unknown> = {}): void {
    const frame = `data: ${JSON.stringify({ ...fields, type, at: Date.now() })}\n\n`;
    this.#history.push(frame);
    if (this.#history.length > HISTORY) this.#history.shift();
    for (const listener of this.#listeners) listener(frame);
  }

  /** Replays the history to `listener`, then sends it each new frame; returns how to stop. */
  subscribe(listener: (frame: string) => void): () => void {
    for (const frame of this.#history) listener(frame);
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
