import * as z from 'zod/v4/mini';
import { deferred } from './deferred.js';
import { int } from './portable.js';

const described = deferred(() => ({ title: z.optional(z.string()), description: z.optional(z.string()) }));
const titledOption = deferred(() => z.object({ const: z.string(), title: z.string() }));
const itemCount = deferred(() => ({ minItems: z.optional(int()), maxItems: z.optional(int()) }));

const stringSchema = deferred(() =>
  z.object({
    type: z.literal('string'),
    ...described(),
    minLength: z.optional(int()),
    maxLength: z.optional(int()),
    format: z.optional(z.enum(['email', 'uri', 'date', 'date-time'])),
    default: z.optional(z.string()),
  }),
);
export interface StringSchema extends z.infer<ReturnType<typeof stringSchema>> {}
export const StringSchemaSchema: z.ZodMiniType<StringSchema> = z.lazy(stringSchema);

const numberSchema = deferred(() =>
  z.object({
    type: z.enum(['number', 'integer']),
    ...described(),
    minimum: z.optional(z.number()),
    maximum: z.optional(z.number()),
    default: z.optional(z.number()),
  }),
);
export interface NumberSchema extends z.infer<ReturnType<typeof numberSchema>> {}
export const NumberSchemaSchema: z.ZodMiniType<NumberSchema> = z.lazy(numberSchema);

const booleanSchema = deferred(() =>
  z.object({
    type: z.literal('boolean'),
    ...described(),
    default: z.optional(z.boolean()),
  }),
);
export interface BooleanSchema extends z.infer<ReturnType<typeof booleanSchema>> {}
export const BooleanSchemaSchema: z.ZodMiniType<BooleanSchema> = z.lazy(booleanSchema);

const untitledSingleSelect = deferred(() =>
  z.object({
    type: z.literal('string'),
    ...described(),
    enum: z.array(z.string()),
    default: z.optional(z.string()),
  }),
);
export interface UntitledSingleSelectEnumSchema extends z.infer<ReturnType<typeof untitledSingleSelect>> {}
export const UntitledSingleSelectEnumSchemaSchema: z.ZodMiniType<UntitledSingleSelectEnumSchema> =
  z.lazy(untitledSingleSelect);

const titledSingleSelect = deferred(() =>
  z.object({
    type: z.literal('string'),
    ...described(),
    oneOf: z.array(titledOption()),
    default: z.optional(z.string()),
  }),
);
export interface TitledSingleSelectEnumSchema extends z.infer<ReturnType<typeof titledSingleSelect>> {}
export const TitledSingleSelectEnumSchemaSchema: z.ZodMiniType<TitledSingleSelectEnumSchema> =
  z.lazy(titledSingleSelect);

const untitledMultiSelect = deferred(() =>
  z.object({
    type: z.literal('array'),
    ...described(),
    ...itemCount(),
    items: z.object({ type: z.literal('string'), enum: z.array(z.string()) }),
    default: z.optional(z.array(z.string())),
  }),
);
export interface UntitledMultiSelectEnumSchema extends z.infer<ReturnType<typeof untitledMultiSelect>> {}
export const UntitledMultiSelectEnumSchemaSchema: z.ZodMiniType<UntitledMultiSelectEnumSchema> =
  z.lazy(untitledMultiSelect);

const titledMultiSelect = deferred(() =>
  z.object({
    type: z.literal('array'),
    ...described(),
    ...itemCount(),
    items: z.object({ anyOf: z.array(titledOption()) }),
    default: z.optional(z.array(z.string())),
  }),
);
export interface TitledMultiSelectEnumSchema extends z.infer<ReturnType<typeof titledMultiSelect>> {}
export const TitledMultiSelectEnumSchemaSchema: z.ZodMiniType<TitledMultiSelectEnumSchema> =
  z.lazy(titledMultiSelect);

const legacyTitledEnum = deferred(() =>
  z.object({
    type: z.literal('string'),
    ...described(),
    enum: z.array(z.string()),
    enumNames: z.optional(z.array(z.string())),
    default: z.optional(z.string()),
  }),
);
/** The pre-2025-11-25 titled enum (`enumNames`), still accepted. */
export interface LegacyTitledEnumSchema extends z.infer<ReturnType<typeof legacyTitledEnum>> {}
export const LegacyTitledEnumSchemaSchema: z.ZodMiniType<LegacyTitledEnumSchema> = z.lazy(legacyTitledEnum);

export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;
export const SingleSelectEnumSchemaSchema: z.ZodMiniType<SingleSelectEnumSchema> = z.lazy(() =>
  z.union([untitledSingleSelect(), titledSingleSelect()]),
);

export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;
export const MultiSelectEnumSchemaSchema: z.ZodMiniType<MultiSelectEnumSchema> = z.lazy(() =>
  z.union([untitledMultiSelect(), titledMultiSelect()]),
);

export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;
export const EnumSchemaSchema: z.ZodMiniType<EnumSchema> = z.lazy(() =>
  z.union([
    untitledSingleSelect(),
    titledSingleSelect(),
    untitledMultiSelect(),
    titledMultiSelect(),
    legacyTitledEnum(),
  ]),
);

/** One property of an elicitation form: a flat primitive (P-91). */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;
export const PrimitiveSchemaDefinitionSchema: z.ZodMiniType<PrimitiveSchemaDefinition> = z.lazy(() =>
  z.union([
    stringSchema(),
    numberSchema(),
    booleanSchema(),
    untitledSingleSelect(),
    titledSingleSelect(),
    untitledMultiSelect(),
    titledMultiSelect(),
    legacyTitledEnum(),
  ]),
);

const elicitRequestFormParams = deferred(() =>
  z.object({
    mode: z.optional(z.literal('form')),
    message: z.string(),
    requestedSchema: z.object({
      $schema: z.optional(z.string()),
      type: z.literal('object'),
      properties: z.record(z.string(), PrimitiveSchemaDefinitionSchema),
      required: z.optional(z.array(z.string())),
    }),
  }),
);
/** Form mode: `mode` is `"form"` or absent (C-45). */
export interface ElicitRequestFormParams extends z.infer<ReturnType<typeof elicitRequestFormParams>> {}
export const ElicitRequestFormParamsSchema: z.ZodMiniType<ElicitRequestFormParams> =
  z.lazy(elicitRequestFormParams);

const elicitRequestURLParams = deferred(() =>
  z.object({ mode: z.literal('url'), message: z.string(), url: z.string() }),
);
/** URL mode: the user completes the interaction out of band at `url`. */
export interface ElicitRequestURLParams extends z.infer<ReturnType<typeof elicitRequestURLParams>> {}
export const ElicitRequestURLParamsSchema: z.ZodMiniType<ElicitRequestURLParams> =
  z.lazy(elicitRequestURLParams);

export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;
export const ElicitRequestParamsSchema: z.ZodMiniType<ElicitRequestParams> = z.lazy(() =>
  z.union([elicitRequestFormParams(), elicitRequestURLParams()]),
);

/** An input request asking the user for information. */
const elicitRequest = deferred(() =>
  z.object({
    method: z.literal('elicitation/create'),
    params: ElicitRequestParamsSchema,
  }),
);
export interface ElicitRequest extends z.infer<ReturnType<typeof elicitRequest>> {}
export const ElicitRequestSchema: z.ZodMiniType<ElicitRequest> = z.lazy(elicitRequest);

const elicitResult = deferred(() =>
  z.object({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.optional(
      z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
    ),
  }),
);
/** The user's answer. Values follow the spec's TypeScript (numbers allowed; see `test/fixtures/README.md`). */
export interface ElicitResult extends z.infer<ReturnType<typeof elicitResult>> {}
export const ElicitResultSchema: z.ZodMiniType<ElicitResult> = z.lazy(elicitResult);
