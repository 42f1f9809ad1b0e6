import * as z from 'zod/v4/mini';
import { type Check, compileCheck } from './check.js';
import { type Method, methods } from './methods.js';

/*
 * What the packages load on the first request the quick checks cannot vouch for (see
 * `loadSchemas`): the method registry with its schemas, the result schemas checked on the way out,
 * and zod's own JSON Schema converter and parse for app schemas that carry neither (zod/mini).
 */

export { safeParse, toJSONSchema } from 'zod/v4/mini';
export { decodeLegacyParams, decodeLegacyResult } from './legacy/decode.js';
export { methods } from './methods.js';
export { decodeResult } from './results.js';
export { ElicitResultSchema } from './schemas/elicitation.js';
export { InputRequestSchema } from './schemas/input-required.js';
export { GetPromptResultSchema } from './schemas/prompts.js';
export { ReadResourceResultSchema } from './schemas/resources.js';
export { ListRootsResultSchema } from './schemas/roots.js';
export { CreateMessageResultSchema } from './schemas/sampling.js';
export { CallToolResultSchema } from './schemas/tools.js';
export { CreateTaskResultSchema, DetailedTaskSchema } from './tasks.js';

const paramChecks: Partial<Record<Method, Check>> = {};

/** The object schema behind `schema`: the protocol's schemas are `z.lazy` wrappers, built on first use. */
function objectSchema(schema: z.ZodMiniType): z.ZodMiniObject {
  const internals = (schema as unknown as { _zod: { def: { type: string }; innerType?: z.ZodMiniType } })
    ._zod;
  return internals.def.type === 'lazy' ? objectSchema(internals.innerType!) : (schema as z.ZodMiniObject);
}

/** The check of `method`'s params without `_meta` (checked on its own first), built on first use. */
export function paramsCheck(method: Method): Check {
  let check = paramChecks[method];
  if (check === undefined) {
    check = compileCheck(z.omit(objectSchema(methods[method].params), { _meta: true }));
    paramChecks[method] = check;
  }
  return check;
}
