import type { DetailedTask } from '@mcpkit/protocol';

/** A change a listen stream may be told about (S-22, S-34, S-39; a task's new state, X-15). */
export type ServerEvent =
  | { type: 'tools/list_changed' }
  | { type: 'prompts/list_changed' }
  | { type: 'resources/list_changed' }
  | { type: 'resources/updated'; uri: string }
  | { type: 'tasks/status'; task: DetailedTask };

/**
 * Where change events travel between the code that makes changes and the open
 * `subscriptions/listen` streams. `publish` is async so a bus can cross processes (Redis, NATS):
 * with several server instances, give them one shared bus and every instance's listeners hear
 * every change.
 */
export interface EventBus {
  /** Delivers `event` to every listener. Resolves once the bus has accepted it. */
  publish(event: ServerEvent): Promise<void>;
  /** Calls `listener` for every event published from now on. Returns the unsubscribe function. */
  subscribe(listener: (event: ServerEvent) => void): () => void;
}

/**
 * The in-process bus: synchronous fan-out. A listener that throws is reported to `onListenerError`
 * and does not stop the others.
 *
 * @example
 * ```ts
 * const bus = new InMemoryEventBus();
 * const stop = bus.subscribe((event) => console.log(event.type));
 * await bus.publish({ type: 'tools/list_changed' });
 * stop();
 * ```
 */
export class InMemoryEventBus implements EventBus {
  private readonly listeners = new Set<(event: ServerEvent) => void>();
  private readonly onListenerError: (error: unknown, event: ServerEvent) => void;

  constructor(options: { onListenerError?: (error: unknown, event: ServerEvent) => void } = {}) {
    this.onListenerError = options.onListenerError ?? (() => {});
  }

  async publish(event: ServerEvent): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    // A wrapper, so the same function subscribed twice is two subscriptions.
    const entry = (event: ServerEvent) => listener(event);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }
}
