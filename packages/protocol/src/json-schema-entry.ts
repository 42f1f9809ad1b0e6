/**
 * `@mcpkit/protocol/json-schema`: the JSON Schema validator alone (`compileJsonSchema`), with
 * neither zod nor the protocol's schemas. The same functions are exported by `@mcpkit/protocol`.
 *
 * @example
 * ```ts
 * import { compileJsonSchema } from '@mcpkit/protocol/json-schema';
 * const compiled = compileJsonSchema({ type: 'object', required: ['city'] });
 * if (compiled.ok) compiled.schema.validate({ city: 'Paris' }); // { valid: true }
 * ```
 *
 * @packageDocumentation
 */
export {
  type CompiledJsonSchema,
  compileJsonSchema,
  type JsonSchemaCompileResult,
  type JsonSchemaDialect,
  type JsonSchemaLimits,
  type JsonSchemaVerdict,
  SUPPORTED_JSON_SCHEMA_DIALECTS,
} from './json-schema.js';
