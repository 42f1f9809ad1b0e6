// The Tools pane: the list, a form per tool, the call with its progress, and the result.
import { run } from './api.js';
import { h } from './dom.js';
import { objectFields, readObject } from './form.js';
import { errorName, toolResult } from './render.js';

let calls = 0;
/** The progress bar of the latest call of each tool view, by call number: `{ bar, result }`. */
const progressBars = new Map();

/**
 * Moves the progress bar of the call a `progress` event names. The bar stays after the call with its
 * last value; an update that arrives after the result puts it back.
 */
export function showProgress(event) {
  const entry = progressBars.get(event.call);
  if (!entry) return;
  const { bar, result } = entry;
  if (!bar.isConnected) result.prepend(bar);
  const { progress, total, message } = event.progress;
  if (total !== undefined) bar.max = total;
  bar.value = progress;
  bar.setAttribute('aria-valuetext', message ?? `${progress}${total !== undefined ? ` of ${total}` : ''}`);
}

function toolView(tool, detail) {
  const fields = objectFields(tool.inputSchema ?? {});
  const result = h('section', { 'aria-label': 'Result', 'aria-live': 'polite' });
  const form = h(
    'form',
    { 'aria-label': `Arguments of ${tool.name}` },
    fields.map((entry) => entry.field.element),
    h('button', { type: 'submit' }, 'Call'),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const [number, entry] of progressBars) {
      if (number === form.call || !entry.result.isConnected) progressBars.delete(number);
    }
    const call = ++calls;
    form.call = call;
    const bar = h('progress', { 'aria-label': `Progress of ${tool.name}` });
    progressBars.set(call, { bar, result });
    result.replaceChildren(bar);
    try {
      const args = readObject(fields);
      result.replaceChildren(
        bar,
        ...toolResult(await run('tools/call', { name: tool.name, arguments: args, call }))
          .flat(2)
          .filter(Boolean),
      );
    } catch (error) {
      const code = typeof error.code === 'number' ? `${errorName(error.code)}: ` : '';
      result.replaceChildren(h('p', { className: 'error' }, `Call failed: ${code}${error.message}`));
    } finally {
      if (!bar.hasAttribute('value')) bar.remove();
    }
  });
  detail.replaceChildren(
    h('h2', {}, tool.title ?? tool.name),
    tool.description ? h('p', {}, tool.description) : '',
    form,
    result,
  );
}

/** The Tools pane's list and detail, once loaded, for refreshing the list when it changes. */
let shown;

async function fillList(list, detail) {
  const selected = list.querySelector('[aria-current="true"]')?.textContent;
  const { tools } = await run('tools/list');
  list.replaceChildren(
    ...tools.map((tool) => {
      const button = h('button', { type: 'button' }, tool.name);
      if (tool.name === selected) button.setAttribute('aria-current', 'true');
      button.addEventListener('click', () => {
        for (const other of list.querySelectorAll('button')) other.removeAttribute('aria-current');
        button.setAttribute('aria-current', 'true');
        toolView(tool, detail);
      });
      return h('li', {}, button);
    }),
  );
}

/** Fills the Tools pane from `tools/list`. */
export async function loadTools(pane) {
  const detail = h('div', {});
  const list = h('ul', { className: 'items', 'aria-label': 'Tools' });
  shown = { list, detail };
  pane.replaceChildren(
    h('div', {}, h('button', { type: 'button', onclick: () => loadTools(pane) }, 'Refresh tools'), list),
    detail,
  );
  try {
    await fillList(list, detail);
  } catch (error) {
    detail.replaceChildren(h('p', { className: 'error' }, `Could not list the tools: ${error.message}`));
  }
}

/** Lists the tools again after the server said they changed; the tool shown and its result stay. */
export function refreshTools() {
  if (shown) fillList(shown.list, shown.detail).catch(() => {});
}
