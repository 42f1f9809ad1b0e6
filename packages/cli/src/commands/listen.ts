import type { ListenNotification, SubscriptionFilter } from '@mcpkit/client';
import { collect, type RegisterCommand, serverCommand, withServer } from '../command.js';

interface ListenOptions {
  tools?: boolean;
  prompts?: boolean;
  resources?: boolean;
  subscribe?: string[];
}

/** The filter the flags ask for; no flag at all means every list change. */
export function listenFilter(options: ListenOptions): SubscriptionFilter {
  const some = options.tools || options.prompts || options.resources || options.subscribe !== undefined;
  const all = !some;
  return {
    ...(all || options.tools ? { toolsListChanged: true } : {}),
    ...(all || options.prompts ? { promptsListChanged: true } : {}),
    ...(all || options.resources ? { resourcesListChanged: true } : {}),
    ...(options.subscribe === undefined ? {} : { resourceSubscriptions: options.subscribe }),
  };
}

/** What the acknowledged filter covers, in words: `tools, prompts, test://a`. */
function filterWords(filter: SubscriptionFilter): string {
  const words = [
    ...(filter.toolsListChanged ? ['tools'] : []),
    ...(filter.promptsListChanged ? ['prompts'] : []),
    ...(filter.resourcesListChanged ? ['resources'] : []),
    ...(filter.resourceSubscriptions ?? []),
  ];
  return words.length === 0 ? 'nothing the server offers' : words.join(', ');
}

function notificationText(notification: ListenNotification): string {
  const time = new Date().toTimeString().slice(0, 8);
  const uri = notification.method === 'notifications/resources/updated' ? ` ${notification.params.uri}` : '';
  return `${time} ${notification.method}${uri}`;
}

export const listen: RegisterCommand = (program, context) => {
  serverCommand(program, 'listen', 'Print change notifications until Ctrl-C.', [
    'mcpkit listen http://localhost:3000/mcp',
    'mcpkit listen --tools --subscribe test://static-text --json -- node server.js',
  ])
    .option('--tools', 'tool list changes')
    .option('--prompts', 'prompt list changes')
    .option('--resources', 'resource list changes')
    .option('--subscribe <uri>', 'updates of one resource (repeatable)', collect)
    .action(
      withServer<ListenOptions>(context, async ({ connection, output, options }) => {
        const stop = new AbortController();
        const end = () => stop.abort();
        process.once('SIGINT', end).once('SIGTERM', end);
        try {
          const subscription = connection.client.listen(listenFilter(options), { signal: stop.signal });
          subscription.acknowledged.then(
            (filter) => {
              if (output.json) output.result({ listening: filter }, () => '');
              else output.note(`Listening for ${filterWords(filter)} (Ctrl-C to stop)`);
            },
            () => {},
          );
          for await (const notification of subscription) output.result(notification, notificationText);
        } finally {
          process.off('SIGINT', end).off('SIGTERM', end);
        }
        return undefined;
      }),
    );
};
