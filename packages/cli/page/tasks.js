// The Tasks pane: each task a tool call became, with its status, a Cancel button and its result.
import { run } from './api.js';
import { h, json } from './dom.js';
import { errorName } from './render.js';

const FINAL = new Set(['completed', 'failed', 'cancelled']);
/** The pane's list, and each task's entry by id: `{ item, status, detail, cancel }`. */
export const taskList = h('ul', { className: 'items tasks', 'aria-label': 'Tasks' });
const entries = new Map();

function entryFor(taskId, tool) {
  let entry = entries.get(taskId);
  if (entry) return entry;
  const status = h('output', { 'aria-label': `Status of task ${taskId}` });
  const detail = h('div', {});
  const cancel = h('button', { type: 'button', 'aria-label': `Cancel task ${taskId} (${tool})` }, 'Cancel');
  const error = h('p', { className: 'error', hidden: true });
  cancel.addEventListener('click', async () => {
    cancel.disabled = true;
    try {
      await run('tasks/cancel', { taskId });
      update({ tool, task: await run('tasks/get', { taskId }) });
    } catch (failure) {
      error.hidden = false;
      error.textContent = `Could not cancel task ${taskId}: ${failure.message}`;
      cancel.disabled = false;
    }
  });
  const item = h(
    'li',
    { 'aria-label': `Task ${taskId} (${tool})` },
    h('strong', {}, `${tool} `),
    h('code', {}, taskId),
    ' ',
    status,
    cancel,
    error,
    detail,
  );
  entry = { item, status, detail, cancel };
  entries.set(taskId, entry);
  taskList.prepend(item);
  return entry;
}

/** Shows a `task` event (or a `tasks/get` answer with its tool): a new task, or a task's new state. */
export function update({ tool, task }) {
  const entry = entryFor(task.taskId, tool);
  entry.status.textContent = task.status;
  entry.cancel.disabled = FINAL.has(task.status);
  entry.detail.replaceChildren(
    task.statusMessage ? h('p', {}, task.statusMessage) : '',
    task.result ? h('pre', { 'aria-label': `Result of task ${task.taskId}` }, json(task.result)) : '',
    task.error
      ? h('p', { className: 'error' }, `Error ${errorName(task.error.code)}: ${task.error.message}`)
      : '',
  );
}
