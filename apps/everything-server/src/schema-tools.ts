import type { McpServer } from '@mcpkit/server';
import { textResult } from './content.js';

/** The JSON Schema 2020-12 input schema of the json-schema-2020-12 scenario, served verbatim. */
const RICH_SCHEMA = {
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
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword; this object is never awaited
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** Tools whose input schemas matter: full JSON Schema 2020-12, and `x-mcp-header` parameters. */
export function registerSchemaTools(server: McpServer): void {
  server.tool(
    'json_schema_2020_12_tool',
    { description: 'Tool with JSON Schema 2020-12 features', inputSchema: RICH_SCHEMA },
    (args) => textResult(`Contact saved: ${JSON.stringify(args)}`),
  );

  server.tool(
    'test_custom_headers',
    {
      description: 'Echoes its arguments; region is mirrored in the Mcp-Param-Region HTTP header',
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', description: 'Where to run', 'x-mcp-header': 'Region' },
          query: { type: 'string', description: 'Not mirrored in a header' },
        },
        required: ['region'],
      },
    },
    (args) => textResult(`region=${String(args.region)} query=${String(args.query ?? '')}`),
  );
}
