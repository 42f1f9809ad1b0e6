import { McpServer } from '../src/index.js';

export function newServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  return new McpServer({ name: 'tools-test', version: '1.0.0' }, { onError: () => {}, ...options });
}

/**
 * The input schema of the conformance suite's json-schema-2020-12 scenario, which
 * apps/everything-server also serves (`schema-tools.ts`). Kept here rather than imported from the
 * app: the app depends on this package, so importing it would make the package's tests depend on
 * one of its own dependents (and on that being built first).
 */
export const json2020 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};
