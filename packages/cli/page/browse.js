// The Resources and Prompts panes: a list, and what reading or getting one returns.
import { run } from './api.js';
import { suggest } from './complete.js';
import { h } from './dom.js';
import { objectFields, readObject } from './form.js';
import { subscribeTo } from './listen.js';
import { contentBlock } from './render.js';
import { showTemplate } from './templates.js';

/** Lists what `operation` returns under `key` in `column`, each opening in `detail` with `open`. */
async function listInto(column, detail, { label, operation, key, open }) {
  const list = h('ul', { className: 'items', 'aria-label': label });
  column.append(list);
  try {
    const items = (await run(operation))[key];
    for (const item of items)
      list.append(
        h(
          'li',
          {},
          h('button', { type: 'button', onclick: () => open(item, detail) }, item.name ?? item.uri),
        ),
      );
  } catch (error) {
    list.after(h('p', { className: 'error' }, `Could not list the ${label.toLowerCase()}: ${error.message}`));
  }
}

/** Fills `pane` with a Refresh button and one list per entry of `lists`, and a detail area. */
async function fill(pane, title, lists) {
  const detail = h('div', {});
  const column = h(
    'div',
    {},
    h('button', { type: 'button', onclick: () => fill(pane, title, lists) }, `Refresh ${title}`),
  );
  pane.replaceChildren(column, detail);
  for (const list of lists) {
    if (lists.length > 1) column.append(h('h2', {}, list.label));
    await listInto(column, detail, list);
  }
}

async function showResource(resource, detail) {
  detail.replaceChildren(
    h('h2', {}, resource.name ?? resource.uri),
    h('p', {}, resource.uri),
    h('button', { type: 'button', onclick: () => subscribeTo(resource.uri, true) }, 'Subscribe to updates'),
  );
  try {
    const { contents } = await run('resources/read', { uri: resource.uri });
    detail.append(...contents.map((item) => contentBlock({ type: 'resource', resource: item })));
  } catch (error) {
    detail.append(h('p', { className: 'error' }, `Could not read it: ${error.message}`));
  }
}

function showPrompt(prompt, detail) {
  const schema = { properties: {}, required: [] };
  for (const argument of prompt.arguments ?? []) {
    schema.properties[argument.name] = { type: 'string', description: argument.description };
    if (argument.required) schema.required.push(argument.name);
  }
  const fields = objectFields(schema);
  const messages = h('section', { 'aria-label': 'Prompt messages' });
  const form = h(
    'form',
    { 'aria-label': `Arguments of ${prompt.name}` },
    fields.map((entry) => entry.field.element),
    h('button', { type: 'submit' }, 'Get prompt'),
  );
  suggest(fields, { type: 'ref/prompt', name: prompt.name });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const result = await run('prompts/get', { name: prompt.name, arguments: readObject(fields) });
      messages.replaceChildren(
        ...result.messages.map((message) =>
          h('div', {}, h('h3', {}, message.role), contentBlock(message.content)),
        ),
      );
    } catch (error) {
      messages.replaceChildren(h('p', { className: 'error' }, `Could not get it: ${error.message}`));
    }
  });
  detail.replaceChildren(
    h('h2', {}, prompt.name),
    prompt.description ? h('p', {}, prompt.description) : '',
    form,
    messages,
  );
}

export const loadResources = (pane) =>
  fill(pane, 'resources', [
    { label: 'Resources', operation: 'resources/list', key: 'resources', open: showResource },
    {
      label: 'Resource templates',
      operation: 'resources/templates/list',
      key: 'resourceTemplates',
      open: showTemplate,
    },
  ]);
export const loadPrompts = (pane) =>
  fill(pane, 'prompts', [{ label: 'Prompts', operation: 'prompts/list', key: 'prompts', open: showPrompt }]);
