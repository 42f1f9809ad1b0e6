// A form for a JSON Schema: each field knows how to read its value back.
import { h } from './dom.js';

/** `schema` with a local `$ref` (`#/$defs/...`, `#/definitions/...`) followed within `root`. */
function resolve(schema, root) {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  let target = root;
  for (const part of schema.$ref.slice(2).split('/'))
    target = target?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return typeof target === 'object' && target !== null ? { ...target, ...schema, $ref: undefined } : schema;
}

function typeOf(schema) {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? 'string';
  if (schema.type) return schema.type;
  if (schema.enum) return 'enum';
  if (schema.properties) return 'object';
  return 'json';
}

function labelText(name, schema, required) {
  return [
    h(
      'span',
      {},
      schema.title ?? name,
      required ? h('span', { className: 'required', 'aria-hidden': 'true' }, ' *') : '',
    ),
    schema.description ? h('small', {}, schema.description) : '',
  ];
}

/** Reads a text input as `type` wants; `undefined` when left empty. */
function scalar(input, type) {
  if (input.value === '') return undefined;
  if (type === 'number' || type === 'integer') return Number(input.value);
  if (type === 'json') return JSON.parse(input.value);
  return input.value;
}

function arrayField(name, schema, required, root) {
  const items = [];
  const list = h('ol', {});
  const add = () => {
    const item = field(`${name} item ${items.length + 1}`, schema.items ?? {}, false, root);
    const entry = { item, li: null };
    const remove = h(
      'button',
      {
        type: 'button',
        onclick: () => {
          items.splice(items.indexOf(entry), 1);
          entry.li.remove();
        },
      },
      `Remove ${name} item`,
    );
    entry.li = h('li', {}, item.element, remove);
    items.push(entry);
    list.append(entry.li);
  };
  const element = h(
    'fieldset',
    {},
    h('legend', {}, labelText(name, schema, required)),
    list,
    h('button', { type: 'button', onclick: add }, `Add ${name} item`),
  );
  return {
    element,
    read: () =>
      items.length === 0 && !required
        ? undefined
        : items.map(({ item }) => item.read()).filter((value) => value !== undefined),
  };
}

function objectField(name, schema, required, root) {
  const fields = objectFields(schema, root);
  const element = h(
    'fieldset',
    {},
    h('legend', {}, labelText(name, schema, required)),
    fields.map((entry) => entry.field.element),
  );
  return { element, read: () => readObject(fields, required) };
}

/** One field for property `name` of `schema`; `root` is the whole schema, for `$ref`. */
export function field(name, given, required, root) {
  const schema = resolve(given, root);
  const type = typeOf(schema);
  if (type === 'object') return objectField(name, schema, required, root);
  if (type === 'array') return arrayField(name, schema, required, root);
  const common = { name, required, 'aria-required': required ? 'true' : undefined };
  let input;
  if (schema.enum || schema.oneOf?.every((option) => 'const' in option)) {
    const values = schema.enum ?? schema.oneOf.map((option) => option.const);
    input = h(
      'select',
      common,
      required ? '' : h('option', { value: '' }, ''),
      values.map((value) => h('option', { value: String(value) }, String(value))),
    );
    if (schema.default !== undefined) input.value = String(schema.default);
    return {
      element: h('label', {}, labelText(name, schema, required), input),
      read: () => (input.value === '' ? undefined : values.find((value) => String(value) === input.value)),
    };
  }
  if (type === 'boolean') {
    input = h('input', { ...common, type: 'checkbox', checked: schema.default === true });
    return { element: h('label', {}, input, labelText(name, schema, required)), read: () => input.checked };
  }
  if (type === 'json') input = h('textarea', { ...common, rows: 3, placeholder: 'JSON' });
  else if (type === 'number' || type === 'integer')
    input = h('input', { ...common, type: 'number', step: type === 'integer' ? '1' : 'any' });
  else input = h('input', { ...common, type: schema.format === 'email' ? 'email' : 'text' });
  if (schema.default !== undefined)
    input.value = type === 'json' ? JSON.stringify(schema.default) : String(schema.default);
  return {
    element: h('label', {}, labelText(name, schema, required), input),
    read: () => scalar(input, type),
  };
}

/** A field for each property of an object schema (`root`: the schema its `$ref`s point into). */
export function objectFields(schema, root = schema) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    field: field(name, property, required.has(name), root),
  }));
}

/** The object the fields hold, leaving out optional fields left empty. */
export function readObject(fields, required = true) {
  const value = {};
  for (const { name, field: entry } of fields) {
    const read = entry.read();
    if (read !== undefined) value[name] = read;
  }
  return !required && Object.keys(value).length === 0 ? undefined : value;
}
