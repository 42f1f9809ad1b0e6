import * as z from 'zod/v4/mini';
import { ImplementationSchema, LoggingLevelSchema, optionalMeta } from '../schemas/common.js';
import { deferred } from '../schemas/deferred.js';
import { JSONObjectSchema } from '../schemas/json.js';
import { serverOfferings } from '../schemas/server-offerings.js';
import type { LegacyMethod } from './method-names.js';

/*
 * The wire of 2025-11-25 (and the revisions before it) where it differs from 2026-07-28: the
 * `initialize` handshake and the methods a session serves itself. Everything else a 2025-era peer
 * sends has the 2026-07-28 shape without the per-request `_meta`, and is read with those schemas.
 */

/**
 * `experimental`: the spec asks for an object per key, but nothing reads them, and 2025-era peers
 * send what they like there; any JSON object passes, as it did before these schemas.
 */
const experimental = deferred(() => z.optional(JSONObjectSchema));

const legacyClientCapabilities = deferred(() =>
  z.object({
    experimental: experimental(),
    roots: z.optional(z.object({ listChanged: z.optional(z.boolean()) })),
    sampling: z.optional(
      z.object({ context: z.optional(JSONObjectSchema), tools: z.optional(JSONObjectSchema) }),
    ),
    elicitation: z.optional(
      z.object({ form: z.optional(JSONObjectSchema), url: z.optional(JSONObjectSchema) }),
    ),
    tasks: z.optional(JSONObjectSchema),
  }),
);
/** What a 2025-era client can do, declared once in `initialize` (B-9). */
export interface LegacyClientCapabilities extends z.infer<ReturnType<typeof legacyClientCapabilities>> {}
export const LegacyClientCapabilitiesSchema: z.ZodMiniType<LegacyClientCapabilities> =
  z.lazy(legacyClientCapabilities);

const legacyServerCapabilities = deferred(() =>
  z.object({
    experimental: experimental(),
    ...serverOfferings(),
    tasks: z.optional(JSONObjectSchema),
  }),
);
/** What a 2025-era server offers, answered once in the `initialize` result (B-9); no `extensions`. */
export interface LegacyServerCapabilities extends z.infer<ReturnType<typeof legacyServerCapabilities>> {}
export const LegacyServerCapabilitiesSchema: z.ZodMiniType<LegacyServerCapabilities> =
  z.lazy(legacyServerCapabilities);

const initializeRequestParams = deferred(() =>
  z.object({
    _meta: optionalMeta(),
    protocolVersion: z.string(),
    capabilities: LegacyClientCapabilitiesSchema,
    clientInfo: ImplementationSchema,
  }),
);
/** The params of `initialize`: the newest version the client speaks, its capabilities and name (B-9). */
export interface InitializeRequestParams extends z.infer<ReturnType<typeof initializeRequestParams>> {}
export const InitializeRequestParamsSchema: z.ZodMiniType<InitializeRequestParams> =
  z.lazy(initializeRequestParams);

const initializeResult = deferred(() =>
  z.object({
    _meta: optionalMeta(),
    protocolVersion: z.string(),
    capabilities: LegacyServerCapabilitiesSchema,
    serverInfo: ImplementationSchema,
    instructions: z.optional(z.string()),
  }),
);
/** The answer to `initialize`: the version the session speaks, what the server offers, its name (B-9). */
export interface InitializeResult extends z.infer<ReturnType<typeof initializeResult>> {}
export const InitializeResultSchema: z.ZodMiniType<InitializeResult> = z.lazy(initializeResult);

const setLevelRequestParams = deferred(() => z.object({ _meta: optionalMeta(), level: LoggingLevelSchema }));
/** The params of `logging/setLevel`: the least severe level the session's client wants to receive. */
export interface SetLevelRequestParams extends z.infer<ReturnType<typeof setLevelRequestParams>> {}
export const SetLevelRequestParamsSchema: z.ZodMiniType<SetLevelRequestParams> =
  z.lazy(setLevelRequestParams);

const subscribeRequestParams = deferred(() => z.object({ _meta: optionalMeta(), uri: z.string() }));
/** The params of `resources/subscribe`: the resource whose `notifications/resources/updated` the client wants. */
export interface SubscribeRequestParams extends z.infer<ReturnType<typeof subscribeRequestParams>> {}
export const SubscribeRequestParamsSchema: z.ZodMiniType<SubscribeRequestParams> =
  z.lazy(subscribeRequestParams);

/** The params of `resources/unsubscribe`: the resource the client no longer follows. */
export interface UnsubscribeRequestParams extends SubscribeRequestParams {}
export const UnsubscribeRequestParamsSchema: z.ZodMiniType<UnsubscribeRequestParams> =
  z.lazy(subscribeRequestParams);

const legacyEmptyResult = deferred(() => z.object({ _meta: optionalMeta() }));
/** The result of the session's settings methods: nothing but an optional `_meta` (no `resultType` in 2025). */
export interface LegacyEmptyResult extends z.infer<ReturnType<typeof legacyEmptyResult>> {}
export const LegacyEmptyResultSchema: z.ZodMiniType<LegacyEmptyResult> = z.lazy(legacyEmptyResult);

/** The schemas of one 2025-era request method. */
export interface LegacyMethodSpec<
  P extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Schema of `params`. */
  readonly params: P;
  /** Schema of the result. */
  readonly result: R;
}

/** Every request method of the 2025 era only, with its schemas (the counterpart of `methods`). */
export const legacyMethods = {
  initialize: { params: InitializeRequestParamsSchema, result: InitializeResultSchema },
  'logging/setLevel': { params: SetLevelRequestParamsSchema, result: LegacyEmptyResultSchema },
  'resources/subscribe': { params: SubscribeRequestParamsSchema, result: LegacyEmptyResultSchema },
  'resources/unsubscribe': { params: UnsubscribeRequestParamsSchema, result: LegacyEmptyResultSchema },
} as const satisfies { [M in LegacyMethod]: LegacyMethodSpec };

/** The params of the 2025-era method `M`. */
export type LegacyParamsOf<M extends LegacyMethod> = z.infer<(typeof legacyMethods)[M]['params']>;
/** The result of the 2025-era method `M`. */
export type LegacyResultOf<M extends LegacyMethod> = z.infer<(typeof legacyMethods)[M]['result']>;
