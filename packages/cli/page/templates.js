// Resource templates: a field for each variable of the URI template, with suggestions, and the read.
import { run } from './api.js';
import { suggest } from './complete.js';
import { h } from './dom.js';
import { objectFields, readObject } from './form.js';
import { contentBlock } from './render.js';

/** RFC 6570 operators: what an expression starts with, what joins its values, whether they are named. */
const OPERATORS = {
  '': { first: '', join: ',', named: false, reserved: false },
  '+': { first: '', join: ',', named: false, reserved: true },
  '#': { first: '#', join: ',', named: false, reserved: true },
  '.': { first: '.', join: '.', named: false, reserved: false },
  '/': { first: '/', join: '/', named: false, reserved: false },
  ';': { first: ';', join: ';', named: true, reserved: false },
  '?': { first: '?', join: '&', named: true, reserved: false },
  '&': { first: '&', join: '&', named: true, reserved: false },
};
const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g;

/** The names in one expression's variable list, without `*` or `:n` modifiers. */
function names(list) {
  return list.split(',').map((spec) => spec.replace(/\*$|:\d+$/, ''));
}

/** The variables of `template`, in order, each once. */
function templateVariables(template) {
  const seen = new Set();
  for (const [, , list] of template.matchAll(EXPRESSION)) for (const name of names(list)) seen.add(name);
  return [...seen];
}

/** `template` with `values` put in; a variable without a value is left out, as RFC 6570 says. */
function expandTemplate(template, values) {
  return template.replace(EXPRESSION, (_match, operator, list) => {
    const { first, join, named, reserved } = OPERATORS[operator];
    const encode = reserved ? encodeURI : encodeURIComponent;
    const parts = names(list)
      .filter((name) => values[name] !== undefined && values[name] !== '')
      .map((name) => (named ? `${name}=${encode(values[name])}` : encode(values[name])));
    return parts.length === 0 ? '' : first + parts.join(join);
  });
}

/** Shows `template` in `detail`: its variables as a form, and what reading the URI they make returns. */
export function showTemplate(template, detail) {
  const schema = { properties: {}, required: templateVariables(template.uriTemplate) };
  for (const name of schema.required) schema.properties[name] = { type: 'string' };
  const fields = objectFields(schema);
  const contents = h('section', { 'aria-label': 'Resource contents', 'aria-live': 'polite' });
  const form = h(
    'form',
    { 'aria-label': `Variables of ${template.name}` },
    fields.map((entry) => entry.field.element),
    h('button', { type: 'submit' }, 'Read resource'),
  );
  suggest(fields, { type: 'ref/resource', uri: template.uriTemplate });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const uri = expandTemplate(template.uriTemplate, readObject(fields));
    contents.replaceChildren(h('p', {}, uri));
    try {
      const result = await run('resources/read', { uri });
      contents.append(...result.contents.map((item) => contentBlock({ type: 'resource', resource: item })));
    } catch (error) {
      contents.append(h('p', { className: 'error' }, `Could not read it: ${error.message}`));
    }
  });
  detail.replaceChildren(
    h('h2', {}, template.title ?? template.name),
    h('p', {}, template.uriTemplate),
    template.description ? h('p', {}, template.description) : '',
    form,
    contents,
  );
}
