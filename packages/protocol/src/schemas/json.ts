import * as z from 'zod/v4/mini';
import { int } from './portable.js';

/** Any JSON value. The spec's TypeScript allows numbers and `null`, so this does too (see `test/fixtures/README.md`). */
export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;
/** A JSON object with JSON values. */
export type JSONObject = { [key: string]: JSONValue };
/** A JSON array. */
export type JSONArray = JSONValue[];

export const JSONValueSchema: z.ZodMiniType<JSONValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), JSONArraySchema, JSONObjectSchema]),
);
export const JSONObjectSchema: z.ZodMiniType<JSONObject> = z.lazy(() =>
  z.record(z.string(), JSONValueSchema),
);
export const JSONArraySchema: z.ZodMiniType<JSONArray> = z.lazy(() => z.array(JSONValueSchema));

/** A `_meta` object: any keys, any values. Key grammar is checked by `isValidMetaKey`, not here. */
export type MetaObject = Record<string, unknown>;
export const MetaObjectSchema: z.ZodMiniType<MetaObject> = z.lazy(() => z.record(z.string(), z.unknown()));

/** A JSON-RPC request id: a string or an integer, never `null` or a fraction (P-3, P-4). */
export type RequestId = string | number;
export const RequestIdSchema: z.ZodMiniType<RequestId> = z.lazy(() => z.union([z.string(), int()]));

/** A progress token: a string or an integer (P-79). */
export type ProgressToken = string | number;
export const ProgressTokenSchema: z.ZodMiniType<ProgressToken> = z.lazy(() => z.union([z.string(), int()]));

export type Cursor = string;
export const CursorSchema: z.ZodMiniType<Cursor> = z.lazy(() => z.string());

export type Role = 'user' | 'assistant';
export const RoleSchema: z.ZodMiniType<Role> = z.lazy(() => z.enum(['user', 'assistant']));

/** `complete` and `input_required` are the core values; extensions may add more (P-14, P-15). */
export type ResultType = 'complete' | 'input_required' | (string & {});
export const ResultTypeSchema: z.ZodMiniType<ResultType> = z.lazy(() => z.string());
