import { zodToJsonSchema } from 'zod-to-json-schema';
import type { StandardSchema } from './registration/standard-schema.js';

type Zod3Schema = Parameters<typeof zodToJsonSchema>[0];

/**
 * A zod 3 schema (`import { z } from 'zod'` on zod 3.25) as a tool schema: zod validates and
 * types it through Standard Schema, `zod-to-json-schema` (an optional peer dependency: install it)
 * describes it as draft-07 JSON Schema. zod 4 schemas, also `zod/v4` on zod 3.25, need no wrapper.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { fromZod3 } from '@mcpkit/server/zod3';
 * server.tool(
 *   'add',
 *   { inputSchema: fromZod3(z.object({ a: z.number(), b: z.number() })) },
 *   ({ a, b }) => ({ structuredContent: { sum: a + b } }),
 * );
 * ```
 */
export function fromZod3<Input, Output>(
  schema: StandardSchema<Input, Output>,
): StandardSchema<Input, Output> {
  if (typeof schema === 'object' && schema !== null && '_zod' in schema) {
    throw new TypeError('fromZod3 takes a zod 3 schema; pass a zod 4 schema to the server as it is');
  }
  const zod3 = schema as unknown as Zod3Schema;
  const standard = schema['~standard'];
  const describe = (io: 'input' | 'output') => () =>
    zodToJsonSchema(zod3, {
      target: 'jsonSchema7',
      $refStrategy: 'none',
      effectStrategy: io === 'input' ? 'input' : 'any',
      pipeStrategy: io,
    }) as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value) => standard.validate(value),
      types: standard.types,
      jsonSchema: { input: describe('input'), output: describe('output') },
    },
  };
}
