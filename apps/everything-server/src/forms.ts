// The elicitation forms of the tools the conformance scenarios call. The suite fills `name`, and
// answers yes or no as `ok` to the input-required-result-* tools and as `confirm` to the tasks-* ones.

export const NAME_FORM = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
} as const;

export const OK_FORM = {
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
} as const;

export const CONFIRM_FORM = {
  type: 'object',
  properties: { confirm: { type: 'boolean' } },
  required: ['confirm'],
} as const;
