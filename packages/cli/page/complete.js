// Suggestions from `completion/complete` under the text fields of a prompt or resource template.
import { run } from './api.js';
import { h } from './dom.js';

/**
 * Adds a list of suggestions under each text field in `fields` (from `objectFields`), asked of the
 * server for `ref` as the field is focused or typed in, with the other fields' values as context.
 * A server without completions leaves the lists empty.
 */
export function suggest(fields, ref) {
  for (const { name, field } of fields) {
    const input = field.element.querySelector('input[type="text"]');
    if (!input) continue;
    const list = h('ul', { className: 'suggestions', 'aria-label': `Suggestions for ${name}` });
    field.element.after(list);
    let asked = 0;
    const ask = async () => {
      const mine = ++asked;
      const context = {};
      for (const other of fields) {
        const value = other.field.element.querySelector('input[type="text"]')?.value;
        if (other.name !== name && value) context[other.name] = value;
      }
      let values = [];
      try {
        const { completion } = await run('completion/complete', {
          ref,
          argument: { name, value: input.value },
          ...(Object.keys(context).length === 0 ? {} : { context: { arguments: context } }),
        });
        values = completion.values;
      } catch {
        // No completions from this server: the field is filled by hand.
      }
      if (mine !== asked) return;
      list.replaceChildren(
        ...values
          .filter((value) => value !== input.value)
          .map((value) =>
            h(
              'li',
              {},
              h(
                'button',
                {
                  type: 'button',
                  onclick: () => {
                    input.value = value;
                    list.replaceChildren();
                    input.focus();
                  },
                },
                value,
              ),
            ),
          ),
      );
    };
    input.addEventListener('focus', ask);
    input.addEventListener('input', ask);
  }
}
