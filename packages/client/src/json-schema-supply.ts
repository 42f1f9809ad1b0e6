import type { JsonSchemaVerdict } from '@mcpkit/protocol';

/**
 * A JSON Schema compiler the client checks with: `structuredContent` against a tool's
 * `outputSchema` (C-20) and accepted form content against its `requestedSchema` (C-47).
 * `compileJsonSchema` of `@mcpkit/protocol/json-schema` is one; an application's own (an adapter
 * over ajv, say) is another. A schema it cannot use is `{ ok: false, reason }`; a compiler that
 * throws instead is read the same way, with the error's message as the reason.
 */
export type JsonSchemaCompiler = (
  schema: unknown,
) => { ok: true; schema: { validate(value: unknown): JsonSchemaVerdict } } | { ok: false; reason: string };

/** What a `JsonSchemaSupply` hands out: the shape of the module `@mcpkit/protocol/json-schema`. */
export interface JsonSchemaModule {
  readonly compileJsonSchema: JsonSchemaCompiler;
}

/**
 * Where one client gets its `JsonSchemaCompiler`, handed in by its entry: the module at once when it
 * is at hand (so that a check stays synchronous), or a promise of it while it loads. The default
 * entries load ours with `import()` on first need (`json-schema-loader.ts`);
 * `@mcpkit/client/minimal` has the application's at hand from the start, so its bundle holds no
 * `import()` of ours.
 */
export type JsonSchemaSupply = () => JsonSchemaModule | Promise<JsonSchemaModule>;
