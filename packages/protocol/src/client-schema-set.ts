/*
 * What a client loads when a message needs the schemas (see `loadClientSchemas`): the result
 * decoder with every method's result schema, and the schemas of input answers and task results.
 * The 2025-era decoders are here too: a client reads the `initialize` result with them.
 * It leaves out the server's tools for app schemas (zod's JSON Schema converter), the largest
 * part of zod.
 */

export { decodeLegacyParams, decodeLegacyResult } from './legacy/decode.js';
export { decodeResult } from './results.js';
export { ElicitResultSchema } from './schemas/elicitation.js';
export { InputRequestSchema } from './schemas/input-required.js';
export { CreateMessageResultSchema } from './schemas/sampling.js';
export { CreateTaskResultSchema, DetailedTaskSchema } from './tasks.js';
