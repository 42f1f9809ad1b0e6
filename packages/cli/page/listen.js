// The Listen pane: what the inspector listens to, the resources it is subscribed to, and each list
// change or resource update as it arrives.
import { run } from './api.js';
import { h } from './dom.js';

const LISTS = { toolsListChanged: 'tools', promptsListChanged: 'prompts', resourcesListChanged: 'resources' };
const listening = h('p', {}, 'Not listening yet');
const subscribed = h('ul', { className: 'items', 'aria-label': 'Subscribed resources' });
const changes = h('ol', { className: 'log', 'aria-label': 'Changes heard' });
const failure = h('p', { className: 'error', hidden: true });
const uri = h('input', { type: 'text', name: 'uri', required: true, 'aria-required': 'true' });
const form = h(
  'form',
  { 'aria-label': 'Subscribe to a resource' },
  h('label', {}, h('span', {}, 'Resource URI'), uri),
  h('button', { type: 'submit' }, 'Subscribe'),
);
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void subscribeTo(uri.value, true);
});

function showSubscriptions(uris) {
  subscribed.replaceChildren(
    ...uris.map((each) =>
      h(
        'li',
        {},
        h('code', {}, each),
        ' ',
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Unsubscribe from ${each}`,
            onclick: () => subscribeTo(each, false),
          },
          'Unsubscribe',
        ),
      ),
    ),
  );
}

/** Subscribes to updates of `resource` (`on`), or ends that subscription. */
export async function subscribeTo(resource, on) {
  failure.hidden = true;
  try {
    const { resourceSubscriptions } = await run('resources/subscribe', { uri: resource, subscribe: on });
    showSubscriptions(resourceSubscriptions);
  } catch (error) {
    failure.hidden = false;
    failure.textContent = `Could not subscribe to ${resource}: ${error.message}`;
  }
}

/** Shows what the server acknowledged listening to (a `listening` event). */
export function showListening({ filter }) {
  const lists = Object.entries(LISTS)
    .filter(([key]) => filter[key])
    .map(([, name]) => name);
  const resources = filter.resourceSubscriptions ?? [];
  listening.textContent = `Listening to changes of the ${lists.join(', ') || 'no'} lists${
    resources.length > 0 ? ` and to updates of ${resources.join(', ')}` : ''
  }`;
}

/** Adds a `list-changed` or `resource-updated` event to the changes heard. */
export function heard({ notification, at }) {
  const what = notification.params?.uri
    ? `${notification.method} ${notification.params.uri}`
    : notification.method;
  changes.prepend(h('li', {}, `${new Date(at).toLocaleTimeString()} ${what}`));
}

/** The pane's content. */
export const listenPane = [
  h('div', {}, h('h2', {}, 'Listening'), listening, form, failure, h('h2', {}, 'Subscribed'), subscribed),
  h('div', {}, h('h2', {}, 'Changes heard'), changes),
];
