import { compileJsonSchema } from '@mcpkit/protocol';
import { isRecord } from '@mcpkit/protocol/internal';
import { UsageError } from './output.js';
import { keyValuePairs, setOwn } from './pairs.js';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON types a property schema allows (`type` as a word or a list; none: any). */
function typesOf(schema: unknown): JsonType[] {
  if (!isRecord(schema)) return [];
  const { type } = schema;
  if (typeof type === 'string') return [type as JsonType];
  if (Array.isArray(type)) return type.filter((t): t is JsonType => typeof t === 'string');
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return [...new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value) as JsonType))];
  }
  return [];
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The value of `--arg key=text` as the property's schema types it: a number for `number` or
 * `integer`, `true`/`false` for `boolean`, parsed JSON for objects, arrays and `null`, the text
 * itself for strings. Without a declared type, JSON if the text parses, else the text. A text that
 * fits none of the types stays a string, and the schema check reports it.
 */
export function coerceArgument(text: string, propertySchema: unknown): unknown {
  const types = typesOf(propertySchema);
  if (types.length === 0) {
    const parsed = parseJson(text);
    return parsed.ok ? parsed.value : text;
  }
  for (const type of types) {
    if (type === 'string') return text;
    if ((type === 'number' || type === 'integer') && text.trim() !== '' && Number.isFinite(Number(text))) {
      return Number(text);
    }
    if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    if (type === 'object' || type === 'array' || type === 'null') {
      const parsed = parseJson(text);
      if (parsed.ok) return parsed.value;
    }
  }
  return text;
}

/**
 * The arguments object from the command line: a JSON object, then each `--arg key=value` on top,
 * each value typed by the property's schema in `inputSchema`.
 */
export function argumentsFrom(
  json: string | undefined,
  pairs: readonly string[],
  inputSchema: unknown,
): Record<string, unknown> {
  let args: Record<string, unknown> = {};
  if (json !== undefined) {
    const parsed = parseJson(json);
    if (!parsed.ok || !isRecord(parsed.value)) {
      throw new UsageError(`the arguments must be a JSON object, got: ${json}`);
    }
    args = parsed.value;
  }
  const properties = isRecord(inputSchema) && isRecord(inputSchema.properties) ? inputSchema.properties : {};
  for (const [key, text] of keyValuePairs(pairs, '--arg')) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    setOwn(args, key, coerceArgument(text, property));
  }
  return args;
}

/** What the schema expects, one line per property: `a: number (required), First number`. */
export function describeSchema(inputSchema: unknown): string[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : []);
  return Object.entries(inputSchema.properties).map(([name, property]) => {
    const types = typesOf(property).join(' | ') || 'any';
    const choices =
      isRecord(property) && Array.isArray(property.enum) ? ` one of ${JSON.stringify(property.enum)}` : '';
    const description =
      isRecord(property) && typeof property.description === 'string' ? `, ${property.description}` : '';
    return `${name}: ${types}${choices}${required.has(name) ? ' (required)' : ''}${description}`;
  });
}

/**
 * Checks `args` against the tool's input schema before sending, so a typo is a usage error that
 * says what the tool expects rather than a round trip. A schema the validator cannot use (an
 * unsupported dialect, a remote `$ref`) is left to the server.
 */
export function checkArguments(toolName: string, args: unknown, inputSchema: unknown): void {
  const compiled = compileJsonSchema(inputSchema);
  if (!compiled.ok) return;
  const verdict = compiled.schema.validate(args);
  if (verdict.valid) return;
  // "Property x does not match schema" only repeats the error reported for #/x.
  const errors = verdict.errors.filter(
    (error) => !/^#[^:]*: Property .* does not match schema\.$/.test(error),
  );
  const expected = describeSchema(inputSchema);
  throw new UsageError(
    [
      `the arguments for ${toolName} do not match its input schema:`,
      ...(errors.length > 0 ? errors : verdict.errors).map((error) => `  ${error}`),
      ...(expected.length > 0 ? ['It takes:', ...expected.map((line) => `  ${line}`)] : []),
    ].join('\n'),
  );
}
