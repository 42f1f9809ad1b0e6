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
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  // fromEntries defines own properties, so even a property named "__proto__" stays data.
  return Object.fromEntries(
    required
      .filter((name): name is string => typeof name === 'string')
      .map((name) => [name, sampleValue(Object.hasOwn(properties, name) ? properties[name] : {})]),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sampleValue(schema: unknown): unknown {
  // `true` and `{}` accept anything.
  if (!isObject(schema)) return 'example';
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
