import type { InputRequest, ListRootsResult } from '@mcpkit/protocol';
import {
  type Check,
  type CompiledJsonSchema,
  compileCheck,
  describeFailure,
  McpError,
  type SchemaSet,
} from '@mcpkit/protocol/internal';
import { compileJsonSchema } from '@mcpkit/protocol/json-schema';
import { loadedSchemas } from '@mcpkit/protocol/schema-loader';
import { canonicalJson } from '../encoding/canonical-json.js';
import { describeSchemaErrors } from '../registration/schema-adapter.js';

type AnswerSchema = SchemaSet['ElicitResultSchema' | 'CreateMessageResultSchema' | 'ListRootsResultSchema'];
let answerChecks: Record<InputRequest['method'], { check: Check; schema: AnswerSchema }> | undefined;

/**
 * The check of each kind of answer. A request carrying answers is checked against its method's
 * schema first (the pipeline), which loads the schemas, so they are here by the time this runs.
 */
function answerCheck(method: InputRequest['method']): { check: Check; schema: AnswerSchema } {
  if (answerChecks === undefined) {
    const schemas = loadedSchemas()!;
    const entry = (schema: AnswerSchema) => ({ check: compileCheck(schema), schema });
    answerChecks = {
      'elicitation/create': entry(schemas.ElicitResultSchema),
      'sampling/createMessage': entry(schemas.CreateMessageResultSchema),
      'roots/list': entry(schemas.ListRootsResultSchema),
    };
  }
  return answerChecks[method];
}

const formSchemas = new Map<string, CompiledJsonSchema>();
const MAX_CACHED_FORMS = 256;

function compiledForm(schema: unknown): CompiledJsonSchema {
  const key = canonicalJson(schema);
  let compiled = formSchemas.get(key);
  if (!compiled) {
    const result = compileJsonSchema(schema);
    if (!result.ok) throw McpError.internalError(`Invalid elicitation schema: ${result.reason}`);
    compiled = result.schema;
    if (formSchemas.size >= MAX_CACHED_FORMS) formSchemas.delete(formSchemas.keys().next().value!);
    formSchemas.set(key, compiled);
  }
  return compiled;
}

/**
 * Checks an answer against the question it answers (S-60); `-32602` when it does not fit. An
 * accepted form's `content` comes back with only the fields the form has.
 */
export function checkAnswer(key: string, request: InputRequest, answer: unknown): unknown {
  const { check, schema } = answerCheck(request.method);
  if (!check(answer)) {
    throw McpError.invalidParams(describeFailure(schema, answer, `inputResponses["${key}"]`));
  }
  if (request.method === 'roots/list') {
    // The schema: a root's uri "*must* start with `file://` for now" (C-49).
    const roots = (answer as ListRootsResult).roots;
    const index = roots.findIndex((root) => !root.uri.startsWith('file://'));
    if (index >= 0) {
      throw McpError.invalidParams(`inputResponses["${key}"].roots[${index}].uri must be a file:// URI`);
    }
    return answer;
  }
  if (request.method !== 'elicitation/create' || request.params.mode === 'url') return answer;
  const result = answer as { action: string; content?: Record<string, unknown> };
  if (result.action !== 'accept') return answer;
  const content = result.content ?? {};
  const verdict = compiledForm(request.params.requestedSchema).validate(content);
  if (!verdict.valid) {
    throw McpError.invalidParams(
      `Invalid inputResponses["${key}"].content: ${describeSchemaErrors(verdict.errors)}`,
    );
  }
  // Only the fields the form asked for reach the handler, whose type for `content` lists just those.
  const asked = request.params.requestedSchema.properties;
  const fields = Object.entries(content).filter(([name]) => Object.hasOwn(asked, name));
  const kept = fields.length === Object.keys(content).length ? content : Object.fromEntries(fields);
  if (kept === result.content) return answer;
  const filled = { content: kept, ...result };
  filled.content = kept;
  return filled;
}
