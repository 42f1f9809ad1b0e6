/**
 * Arguments for a tool call made only from the tool's `inputSchema`: a value for each required
 * property (its default, first enum value or const, else a placeholder of its type). Enough to
 * call tools whose arguments do not matter to the caller, such as conformance probes.
 *
 * @example
 * ```ts
 * sampleArguments({ type: 'object', properties: { region: { type: 'string' } }, required: ['region'] });
 * // { region: 'example' }
 * ```
 */
export function sampleArguments(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const properties = (inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = Array.isArray(inputSchema.required) ? (inputSchema.required as string[]) : [];
  const args: Record<string, unknown> = {};
  for (const name of required) args[name] = sampleValue(properties[name] ?? {});
  return args;
}

function sampleValue(schema: Record<string, unknown>): unknown {
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return [];
    case 'object':
      return sampleArguments(schema);
    default:
      return 'example';
  }
}
