import type { ClientTransport } from '@mcpkit/protocol';
import { McpClientCore } from './client.js';
import type { JsonSchemaCompiler, JsonSchemaModule, JsonSchemaSupply } from './json-schema-supply.js';
import { modernOnly } from './modern-era.js';
import type { McpClientOptions } from './options.js';

/** The options of the `McpClient` of `@mcpkit/client/minimal`: those of the others, and the validator. */
export interface MinimalClientOptions extends McpClientOptions {
  /**
   * What checks `structuredContent` against a tool's `outputSchema` (C-20) and accepted form
   * content against its `requestedSchema` (C-47): a `JsonSchemaCompiler` (ours,
   * `compileJsonSchema` of `@mcpkit/protocol/json-schema`, or the application's own), or `false`
   * to pass both unchecked. Required, so that no application loses the checks by forgetting it.
   * `validateStructuredContent: false` still turns the first check off.
   */
  validateWith: JsonSchemaCompiler | false;
}

const MISSING_VALIDATOR =
  'McpClient of @mcpkit/client/minimal needs validateWith: a JSON Schema compiler (such as ' +
  'compileJsonSchema) to check tool results and form answers, or false to leave them unchecked';

/**
 * The supply `validateWith` names, `undefined` for `false`; anything else is a `TypeError`. The
 * application's compiler is at hand from the start; one that throws says the schema is unusable.
 */
function supplyOf(options: MinimalClientOptions | undefined): JsonSchemaSupply | undefined {
  const compile = options?.validateWith;
  if (compile === false) return undefined;
  if (typeof compile !== 'function') throw new TypeError(MISSING_VALIDATOR);
  const module: JsonSchemaModule = {
    compileJsonSchema: (schema) => {
      try {
        return compile(schema);
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
  return () => module;
}

/**
 * The `McpClient` of `@mcpkit/client/modern` (MCP 2026-07-28 only) with the JSON Schema validator
 * left to the application: `validateWith` names it, or is `false` for none. With a compiler it
 * gives the verdicts and errors that client gives with that compiler; its bundle holds no
 * `import()` of our validator, so a bundler emits no chunk of it. Without `validateWith` it throws
 * a `TypeError`. The schemas come from the server: a validator whose `pattern` backtracks lets a
 * hostile server hang the page, which ours, in linear time, does not (P-90).
 *
 * @example
 * ```ts
 * import Ajv2020 from 'ajv/dist/2020';
 * import { type JsonSchemaCompiler, McpClient } from '@mcpkit/client/minimal';
 * import { createHttpClientTransport } from '@mcpkit/transport-http/modern';
 *
 * const ajv = new Ajv2020({ strict: false });
 * // ajv.compile throws on a schema it cannot use: the client reads that as an unusable schema.
 * const withAjv: JsonSchemaCompiler = (schema) => {
 *   const check = ajv.compile(schema as object);
 *   const validate = (value: unknown) =>
 *     check(value)
 *       ? { valid: true as const }
 *       : { valid: false as const, errors: (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`) };
 *   return { ok: true, schema: { validate } };
 * };
 * const client = new McpClient(createHttpClientTransport('https://mcp.example.com/mcp'), {
 *   validateWith: withAjv, // or compileJsonSchema of '@mcpkit/protocol/json-schema', or false
 * });
 * console.log(await client.callTool('echo', { text: 'hello' }));
 * ```
 */
export class McpClient extends McpClientCore {
  constructor(transport: ClientTransport, options: MinimalClientOptions) {
    super(transport, options, modernOnly, supplyOf(options));
  }
}
