import type { SubscriptionFilter } from '@mcpkit/client';
import type { Connection } from '../target.js';
import type { EventHub } from './events.js';

/**
 * The inspector's one listen on its connection: every list change, and updates of the resources
 * the page subscribed to. A new subscription opens the listen again with the new filter; each
 * opening is a `listening` event with what the server acknowledged, each notification a
 * `list-changed` or `resource-updated` event.
 */
export class Listening {
  readonly #hub: EventHub;
  readonly #resources = new Set<string>();
  #stop: AbortController | undefined;
  #connection: Connection | undefined;

  constructor(hub: EventHub) {
    this.#hub = hub;
  }

  /** Listens on `connection` until `stop()` or the next `start()`. */
  start(connection: Connection): void {
    this.stop();
    this.#connection = connection;
    const stop = new AbortController();
    this.#stop = stop;
    const filter: SubscriptionFilter = {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      ...(this.#resources.size === 0 ? {} : { resourceSubscriptions: [...this.#resources] }),
    };
    const subscription = connection.client.listen(filter, { signal: stop.signal });
    subscription.acknowledged.then(
      (acknowledged) => this.#hub.emit('listening', { filter: acknowledged }),
      () => {},
    );
    void (async () => {
      try {
        for await (const notification of subscription) {
          const type =
            notification.method === 'notifications/resources/updated' ? 'resource-updated' : 'list-changed';
          this.#hub.emit(type, { notification });
        }
      } catch {
        // The listen ends with the connection; a server without list changes has nothing to hear.
      }
    })();
  }

  /** Adds (`on`) or removes the subscription to updates of `uri`, and listens again with it. */
  subscribe(uri: string, on: boolean): { resourceSubscriptions: string[] } {
    if (on) this.#resources.add(uri);
    else this.#resources.delete(uri);
    if (this.#connection !== undefined) this.start(this.#connection);
    return { resourceSubscriptions: [...this.#resources] };
  }

  /** Ends the listen. */
  stop(): void {
    this.#stop?.abort();
    this.#stop = undefined;
    this.#connection = undefined;
  }
}
