import type {
  ListenNotification,
  McpClient,
  ServerDescription,
  Subscription,
  SubscriptionFilter,
} from '@mcpkit/client';

/** Which list changes the shell shows as they arrive. */
export type WatchTopic = 'tools' | 'prompts' | 'resources';

/** The topics the server has (tools, prompts, resources): the ones worth watching by default. */
export function serverTopics(server: ServerDescription): Set<WatchTopic> {
  const { capabilities } = server;
  const topics = new Set<WatchTopic>();
  if (capabilities.tools) topics.add('tools');
  if (capabilities.prompts) topics.add('prompts');
  if (capabilities.resources) topics.add('resources');
  return topics;
}

/** The filter for `topics`. */
function watchFilter(topics: ReadonlySet<WatchTopic>): SubscriptionFilter {
  return {
    ...(topics.has('tools') ? { toolsListChanged: true } : {}),
    ...(topics.has('prompts') ? { promptsListChanged: true } : {}),
    ...(topics.has('resources') ? { resourcesListChanged: true } : {}),
  };
}

/**
 * A listen stream running beside the shell: each notification goes to `show` (and to `changed`,
 * which refreshes what completion knows); `watch` replaces the stream with one for other topics.
 */
export class NotificationWatch {
  #subscription: Subscription | undefined;

  constructor(
    private readonly client: McpClient,
    private readonly show: (text: string) => void,
    private readonly changed: (notification: ListenNotification) => void,
  ) {}

  watch(topics: ReadonlySet<WatchTopic>): void {
    this.stop();
    if (topics.size === 0) return;
    const subscription = this.client.listen(watchFilter(topics));
    this.#subscription = subscription;
    void (async () => {
      try {
        for await (const notification of subscription) {
          this.changed(notification);
          const uri =
            notification.method === 'notifications/resources/updated' ? ` ${notification.params.uri}` : '';
          this.show(`* ${notification.method}${uri}`);
        }
      } catch (error) {
        if (this.#subscription === subscription) {
          this.show(`* notifications stopped: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
  }

  stop(): void {
    this.#subscription?.close();
    this.#subscription = undefined;
  }
}
