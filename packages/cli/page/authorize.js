// The Authorize flow: the inspector's server runs OAuth; the page lists each step as it happens and
// offers the authorization server's sign-in page as a link (the redirect comes back to the inspector).
import { post } from './api.js';
import { h } from './dom.js';

const STATES = { started: 'in progress', done: 'done', failed: 'failed' };
const section = h('section', { 'aria-label': 'Authorization', hidden: true });
const steps = h('ol', { className: 'log', 'aria-label': 'Authorization steps' });
section.append(h('h2', {}, 'Authorization'), steps);
/** The list item of each step, so that a step's later state replaces its earlier one. */
const items = new Map();
let attempts = 0;

/** The section the page places under its header. */
export const authorizationSection = section;

/** Starts the flow; the steps arrive as `oauth` events. */
export async function authorize() {
  const mine = ++attempts;
  steps.replaceChildren();
  items.clear();
  section.hidden = false;
  const answer = await post('authorize');
  // An attempt that a newer one replaced says nothing: its steps are gone.
  if (answer.error && mine === attempts) steps.append(h('li', {}, `Not authorized: ${answer.error.message}`));
}

/** Shows one `oauth` event: a step's state, with the sign-in link while authorization waits. */
export function showAuthorizationStep(event) {
  section.hidden = false;
  const item = h(
    'li',
    { 'aria-label': `${event.step}: ${STATES[event.state]}` },
    `${event.step}: ${STATES[event.state]}`,
    event.status === undefined ? '' : ` (HTTP ${event.status})`,
    event.url ? h('code', {}, ` ${event.url}`) : '',
    event.authorizationUrl === undefined
      ? ''
      : h(
          'p',
          {},
          h(
            'a',
            { href: event.authorizationUrl, target: '_blank', rel: 'noopener noreferrer' },
            'Open the sign-in page',
          ),
        ),
  );
  const known = items.get(event.step);
  if (known) known.replaceWith(item);
  else steps.append(item);
  items.set(event.step, item);
}
