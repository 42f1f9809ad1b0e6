// The dialog for the server's questions: form and URL elicitation, and sampling answered by hand.
import { post } from './api.js';
import { h, json } from './dom.js';
import { objectFields, readObject } from './form.js';

const dialog = () => document.getElementById('question');
let open;

function answer(id, value) {
  dialog().close();
  open = undefined;
  void post('answer', { id, answer: value });
}

function buttons(id, extra = {}) {
  return h(
    'div',
    { className: 'actions' },
    h('button', { type: 'submit' }, 'Accept'),
    h(
      'button',
      { type: 'button', onclick: () => answer(id, extra.decline ?? { action: 'decline' }) },
      'Decline',
    ),
    h(
      'button',
      { type: 'button', onclick: () => answer(id, extra.cancel ?? { action: 'cancel' }) },
      'Cancel',
    ),
  );
}

function body(question) {
  const { id, kind, request } = question;
  if (kind === 'elicitation') {
    const fields = objectFields(request.requestedSchema ?? {});
    return [
      h('p', {}, request.message),
      h(
        'form',
        {
          onsubmit: (event) => {
            event.preventDefault();
            answer(id, { action: 'accept', content: readObject(fields) });
          },
        },
        fields.map((entry) => entry.field.element),
        buttons(id),
      ),
    ];
  }
  if (kind === 'url-elicitation') {
    return [
      h('p', {}, request.message),
      h(
        'p',
        {},
        'The server asks you to open: ',
        h('a', { href: request.url, target: '_blank', rel: 'noreferrer' }, request.url),
      ),
      h(
        'form',
        {
          onsubmit: (event) => {
            event.preventDefault();
            answer(id, { action: 'accept' });
          },
        },
        buttons(id),
      ),
    ];
  }
  const reply = h('textarea', { rows: 5, name: 'reply' });
  const refused = { refused: 'the person at the inspector declined the sampling request' };
  return [
    h('pre', {}, json(request.messages)),
    h('label', {}, h('span', {}, 'Reply'), reply),
    h(
      'form',
      {
        onsubmit: (event) => {
          event.preventDefault();
          answer(id, {
            role: 'assistant',
            content: { type: 'text', text: reply.value },
            model: 'human',
            stopReason: 'endTurn',
          });
        },
      },
      buttons(id, { decline: refused, cancel: refused }),
    ),
  ];
}

const TITLES = {
  elicitation: 'The server asks',
  'url-elicitation': 'The server asks you to open a URL',
  sampling: 'The server asks for a model reply',
};

/** Shows `question` (a `question` event) until it is answered or withdrawn. */
export function ask(question) {
  open = question.id;
  const element = dialog();
  element.replaceChildren(h('h2', { id: 'question-title' }, TITLES[question.kind]), ...body(question));
  const cancel =
    question.kind === 'sampling'
      ? { refused: 'the person at the inspector cancelled the sampling request' }
      : { action: 'cancel' };
  element.oncancel = (event) => {
    event.preventDefault();
    answer(question.id, cancel);
  };
  element.showModal();
}

/** Closes the dialog of question `id` when the server no longer waits for it. */
export function withdraw(id) {
  if (open === id) {
    open = undefined;
    dialog().close();
  }
}
