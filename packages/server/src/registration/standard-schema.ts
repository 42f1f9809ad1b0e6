/**
 * The parts of Standard Schema (https://standardschema.dev) and Standard JSON Schema that tool
 * schemas use. zod 3.24+, zod 4, valibot 1, ArkType 2 and others implement them; the interfaces are
 * structural, so no library (nor the spec's own package) needs to be installed.
 */

/** A JSON Schema object (2020-12 unless `$schema` says otherwise). */
export type JsonSchema = Record<string, unknown>;

/** One problem a Standard Schema validator reports. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema validator returns. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** The Standard JSON Schema converter: the JSON Schema of a schema's input or output side. */
interface StandardJsonSchemaConverter {
  readonly input: (options: { readonly target: string }) => Record<string, unknown>;
  readonly output: (options: { readonly target: string }) => Record<string, unknown>;
}

/**
 * A Standard Schema: any validator that has a `~standard` property (valibot, ArkType, zod 3.24+,
 * ...). When it also has `~standard.jsonSchema` (Standard JSON Schema: zod 4.2+, ArkType 2.1.28+,
 * valibot through `toStandardJsonSchema`), its tool listing says what it accepts; otherwise give the
 * JSON Schema with {@link withJsonSchema}.
 */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
    readonly jsonSchema?: StandardJsonSchemaConverter | undefined;
  };
}

/** Whether `value` is a Standard Schema. */
export function isStandardSchema(value: unknown): value is StandardSchema {
  if (typeof value !== 'object' && typeof value !== 'function') return false;
  if (value === null) return false;
  const standard = (value as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof standard === 'object' && standard !== null && typeof standard.validate === 'function';
}

/**
 * `schema` with `jsonSchema` as the JSON Schema of both its input and its output: for a Standard
 * Schema validator that cannot describe itself, or whose description you want to replace.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * const City = v.object({ city: v.string() });
 * server.tool(
 *   'weather',
 *   { inputSchema: withJsonSchema(City, { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }) },
 *   ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }),
 * );
 * ```
 */
export function withJsonSchema<Input, Output>(
  schema: StandardSchema<Input, Output>,
  jsonSchema: JsonSchema,
): StandardSchema<Input, Output> {
  const standard = schema['~standard'];
  const describe = () => structuredClone(jsonSchema);
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value) => standard.validate(value),
      types: standard.types,
      jsonSchema: { input: describe, output: describe },
    },
  };
}
