// The inspector page: panes, the event stream, and the connection status.
import { hasToken, stream } from './api.js';
import { authorizationSection, authorize, showAuthorizationStep } from './authorize.js';
import { loadPrompts, loadResources } from './browse.js';
import { connectionForm, showConnection } from './connection.js';
import { ask, withdraw } from './dialog.js';
import { h, json } from './dom.js';
import { download, keep } from './export.js';
import { heard, listenPane, showListening } from './listen.js';
import { protocolEntry } from './render.js';
import { taskList, update as updateTask } from './tasks.js';
import { loadTools, refreshTools, showProgress } from './tools.js';

const PANES = ['Tools', 'Resources', 'Prompts', 'Listen', 'Tasks', 'Protocol', 'Notifications'];
/** The pane each list change is about, listed again when it changes. */
const CHANGED = {
  'notifications/resources/list_changed': 'Resources',
  'notifications/prompts/list_changed': 'Prompts',
};
const LOADERS = { Tools: loadTools, Resources: loadResources, Prompts: loadPrompts };
const panes = {};
const loaded = new Set();
/** Lists load once the server is connected, and again after each reconnect. */
let connected = false;
const protocol = h('ol', { className: 'log', 'aria-label': 'Protocol messages' });
const notifications = h('ol', { className: 'log', 'aria-label': 'Notifications and logs' });
const connection = connectionForm();

function show(name) {
  for (const [other, pane] of Object.entries(panes)) pane.hidden = other !== name;
  for (const button of document.querySelectorAll('#tabs button'))
    button.setAttribute('aria-pressed', String(button.textContent === name));
  if (connected && LOADERS[name] && !loaded.has(name)) {
    loaded.add(name);
    void LOADERS[name](panes[name]);
  }
}

function reloadLists() {
  loaded.clear();
  const visible = PANES.find((name) => !panes[name].hidden);
  show(visible);
}

/** Lists `name`'s items again: now if it is shown, else when it is next shown. */
function listedAgain(name) {
  if (!name) return;
  loaded.delete(name);
  if (!panes[name].hidden) show(name);
}

function setStatus(text) {
  document.getElementById('status').textContent = text;
}

function onEvent(event) {
  switch (event.type) {
    case 'hello':
      keep(event);
      document.getElementById('target').textContent = event.target;
      showConnection(connection, event.connection);
      return;
    case 'status': {
      const server = event.server?.serverInfo;
      setStatus(
        event.state === 'connected'
          ? `Connected to ${server ? `${server.name} ${server.version}` : 'the server'}`
          : event.state === 'failed'
            ? `Not connected: ${event.error}`
            : 'Connecting',
      );
      if (event.choice) showConnection(connection, { kind: connection.kind, ...event.choice });
      connected = event.state === 'connected';
      if (connected) reloadLists();
      return;
    }
    case 'message':
    case 'http':
      keep(event);
      protocol.append(protocolEntry(event));
      return;
    case 'listening':
      showListening(event);
      return;
    case 'list-changed':
    case 'resource-updated':
      heard(event);
      notifications.append(notificationEntry(event));
      if (event.notification.method === 'notifications/tools/list_changed') refreshTools();
      else listedAgain(CHANGED[event.notification.method]);
      return;
    case 'task':
      updateTask(event);
      return;
    case 'oauth':
      showAuthorizationStep(event);
      return;
    case 'progress':
      showProgress(event);
      return;
    case 'question':
      ask(event);
      return;
    case 'answered':
      withdraw(event.id);
      return;
    default:
      notifications.append(notificationEntry(event));
  }
}

function notificationEntry(event) {
  const detail = event.notification ?? event.message ?? event.warning ?? {};
  const what = event.message?.level ? `${event.type} ${event.message.level}` : event.type;
  return h('li', {}, `${new Date(event.at).toLocaleTimeString()} ${what}`, h('pre', {}, json(detail)));
}

function build() {
  const tabs = document.getElementById('tabs');
  const main = document.getElementById('panes');
  for (const name of PANES) {
    tabs.append(h('button', { type: 'button', 'aria-pressed': 'false', onclick: () => show(name) }, name));
    panes[name] = h('section', { 'aria-label': name, hidden: true });
    main.append(panes[name]);
  }
  panes.Protocol.className = 'wide';
  panes.Protocol.append(
    h(
      'div',
      {},
      h('button', { type: 'button', onclick: () => protocol.replaceChildren() }, 'Clear protocol view'),
      h('button', { type: 'button', onclick: download }, 'Export session as JSON'),
      protocol,
    ),
  );
  panes.Tasks.className = 'wide';
  panes.Tasks.append(taskList);
  panes.Listen.append(...listenPane);
  panes.Notifications.className = 'wide';
  panes.Notifications.append(notifications);
  document.getElementById('authorize').before(connection);
  document.getElementById('authorize').addEventListener('click', () => void authorize());
  document.querySelector('header').after(authorizationSection);
}

build();
if (hasToken) {
  show('Tools');
  stream(onEvent).then(
    (status) =>
      setStatus(
        status === 401 ? 'Refused: open the INSPECTOR_URL that mcpkit printed' : 'The inspector stopped',
      ),
    () => setStatus('The inspector stopped'),
  );
} else {
  setStatus('No token: open the INSPECTOR_URL that mcpkit printed');
}
