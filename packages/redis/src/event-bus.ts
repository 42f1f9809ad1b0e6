import type { EventBus, ServerEvent } from '@mcpkit/server';
import type { RedisLink } from './link.js';

/**
 * An `EventBus` over Redis pub/sub: an event published on any instance reaches the listeners of
 * every instance (their listen streams, and the `GET` streams of 2025 sessions, which the server
 * filters by each session's subscriptions). Events published here come back through Redis too, so
 * every instance hears each event once, in the order Redis received them.
 */
export class RedisEventBus implements EventBus {
  private readonly listeners = new Set<(event: ServerEvent) => void>();
  readonly channel: string;

  constructor(
    private readonly link: RedisLink,
    private readonly onListenerError: (error: unknown, event: ServerEvent) => void,
  ) {
    this.channel = link.key('events');
  }

  async publish(event: ServerEvent): Promise<void> {
    await this.link.command(['PUBLISH', this.channel, JSON.stringify(event)]);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    const entry = (event: ServerEvent) => listener(event);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** A message of the bus's channel, from the subscriber connection. */
  deliver(message: string): void {
    let event: ServerEvent;
    try {
      event = JSON.parse(message) as ServerEvent;
    } catch {
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
