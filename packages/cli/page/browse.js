// The Resources and Prompts panes: a list, and what reading or getting one returns.
import { run } from './api.js';
import { h } from './dom.js';
import { objectFields, readObject } from './form.js';
import { contentBlock } from './render.js';

async function fill(pane, { label, operation, key, open }) {
  const detail = h('div', {});
  const list = h('ul', { className: 'items', 'aria-label': label });
  pane.replaceChildren(
    h(
      'div',
      {},
      h(
        'button',
        { type: 'button', onclick: () => fill(pane, { label, operation, key, open }) },
        `Refresh ${label.toLowerCase()}`,
      ),
      list,
    ),
    detail,
  );
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
    detail.replaceChildren(
      h('p', { className: 'error' }, `Could not list the ${label.toLowerCase()}: ${error.message}`),
    );
  }
}

async function showResource(resource, detail) {
  detail.replaceChildren(h('h2', {}, resource.name ?? resource.uri), h('p', {}, resource.uri));
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
  fill(pane, { label: 'Resources', operation: 'resources/list', key: 'resources', open: showResource });
export const loadPrompts = (pane) =>
  fill(pane, { label: 'Prompts', operation: 'prompts/list', key: 'prompts', open: showPrompt });
