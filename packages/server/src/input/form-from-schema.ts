import type { InputRequest } from '@mcpkit/protocol';
import { clipForMessage, isRecord, McpError } from '@mcpkit/protocol/internal';
import { loadedSchemas } from '@mcpkit/protocol/schema-loader';
import type * as core from 'zod/v4/core';
import { isStandardSchema, type StandardSchema } from '../registration/standard-schema.js';
import type { FormSchema } from './form-types.js';

/** A form written as a schema: a zod object, or a Standard Schema validator that gives its JSON Schema. */
export type FormSchemaSource = core.$ZodType | StandardSchema;

/** The keys each kind of form field keeps; whatever else a converter wrote is left out. */
const FIELD_KEYS: Readonly<Record<string, readonly string[]>> = {
  string: [
    'type',
    'title',
    'description',
    'minLength',
    'maxLength',
    'format',
    'default',
    'enum',
    'enumNames',
    'oneOf',
  ],
  number: ['type', 'title', 'description', 'minimum', 'maximum', 'default'],
  integer: ['type', 'title', 'description', 'minimum', 'maximum', 'default'],
  boolean: ['type', 'title', 'description', 'default'],
  array: ['type', 'title', 'description', 'minItems', 'maxItems', 'items', 'default'],
};
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);
const WHAT_A_FORM_HOLDS =
  'a form holds only strings, numbers, integers, booleans and enums of strings (one, or several as an array): ' +
  'ask for the rest with questions of its own';

const converted = new WeakMap<object, FormSchema>();

function isZodSchema(value: unknown): value is core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** What is wrong with a field of a form, or `undefined`. */
function fieldProblem(field: Record<string, unknown>): string | undefined {
  const { type } = field;
  if (type === 'object') return 'is an object';
  if (type === 'array') {
    const items = field.items;
    const ofEnums =
      isRecord(items) &&
      ((items.type === 'string' && Array.isArray(items.enum)) || Array.isArray(items.anyOf));
    return ofEnums ? undefined : 'is an array of something other than enum values';
  }
  if (typeof type !== 'string' || !Object.hasOwn(FIELD_KEYS, type)) {
    const union = Array.isArray(type) || field.anyOf !== undefined || field.oneOf !== undefined;
    return union ? 'is a union' : 'has no single primitive type';
  }
  return undefined;
}

/** `field` with the keys a form field of its type may have; a string format forms do not know is left out. */
function formField(field: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FIELD_KEYS[field.type as string]!) {
    if (field[key] === undefined) continue;
    if (key === 'format' && !FORMATS.has(field[key] as string)) continue;
    out[key] = field[key];
  }
  return out;
}

/**
 * The restricted form schema of a JSON Schema: a flat object of primitive fields. Throws `-32603`
 * (a fault of the server's code) naming the question and the first field a form cannot hold.
 */
function restrictToForm(json: Record<string, unknown>, where: string): FormSchema {
  if (json.type !== 'object' || !isRecord(json.properties)) {
    throw McpError.internalError(
      `${where}: the form schema must be an object of fields; ${WHAT_A_FORM_HOLDS}`,
    );
  }
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(json.properties)) {
    const problem = isRecord(field) ? fieldProblem(field) : 'is not a schema';
    if (problem !== undefined) {
      throw McpError.internalError(
        `${where}: field ${JSON.stringify(clipForMessage(name))} ${problem}; ${WHAT_A_FORM_HOLDS}`,
      );
    }
    properties[name] = formField(field as Record<string, unknown>);
  }
  const form: Record<string, unknown> = { type: 'object', properties };
  if (Array.isArray(json.required) && json.required.length > 0) form.required = json.required;
  return form as unknown as FormSchema;
}

/** The JSON Schema a zod or Standard Schema form gives of itself, as the client fills it in. */
function jsonSchemaOf(schema: FormSchemaSource, where: string): Record<string, unknown> {
  if (isZodSchema(schema)) {
    const own = schema as unknown as { toJSONSchema?: (params: object) => Record<string, unknown> };
    const params = { io: 'input', target: 'draft-2020-12' };
    // Questions are asked once the protocol's schemas are loaded (`InputRound.ask`).
    return own.toJSONSchema?.(params) ?? (loadedSchemas()!.toJSONSchema(schema, params as never) as never);
  }
  const converter = schema['~standard'].jsonSchema;
  if (converter === undefined) {
    throw McpError.internalError(
      `${where}: the ${schema['~standard'].vendor} form schema gives no JSON Schema; write it as JSON Schema or with zod`,
    );
  }
  return converter.input({ target: 'draft-2020-12' });
}

/**
 * `request` with its form written as JSON Schema: a zod or Standard Schema `requestedSchema` is
 * converted (once per schema object) to the restricted form schema. Any other request is `request`.
 */
export function withFormSchema(key: string, request: InputRequest): InputRequest {
  if (request.method !== 'elicitation/create') return request;
  const params = request.params as { requestedSchema?: unknown };
  const source = params.requestedSchema;
  if (!isZodSchema(source) && !isStandardSchema(source)) return request;
  let form = converted.get(source);
  if (form === undefined) {
    const where = `The form of question ${JSON.stringify(clipForMessage(key))}`;
    let json: Record<string, unknown>;
    try {
      json = jsonSchemaOf(source, where);
    } catch (error) {
      if (error instanceof McpError) throw error;
      throw McpError.internalError(`${where} has no JSON Schema form (${(error as Error).message})`);
    }
    form = restrictToForm(json, where);
    converted.set(source, form);
  }
  return { method: 'elicitation/create', params: { ...params, requestedSchema: form } } as InputRequest;
}
