import * as z from 'zod/mini';

const described = { title: z.optional(z.string()), description: z.optional(z.string()) };
const titledOption = z.object({ const: z.string(), title: z.string() });
const itemCount = { minItems: z.optional(z.int()), maxItems: z.optional(z.int()) };

const stringSchema = z.object({
  type: z.literal('string'),
  ...described,
  minLength: z.optional(z.int()),
  maxLength: z.optional(z.int()),
  format: z.optional(z.enum(['email', 'uri', 'date', 'date-time'])),
  default: z.optional(z.string()),
});
export interface StringSchema extends z.infer<typeof stringSchema> {}
export const StringSchemaSchema: z.ZodMiniType<StringSchema> = stringSchema;

const numberSchema = z.object({
  type: z.enum(['number', 'integer']),
  ...described,
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
  default: z.optional(z.number()),
});
export interface NumberSchema extends z.infer<typeof numberSchema> {}
export const NumberSchemaSchema: z.ZodMiniType<NumberSchema> = numberSchema;

const booleanSchema = z.object({
  type: z.literal('boolean'),
  ...described,
  default: z.optional(z.boolean()),
});
export interface BooleanSchema extends z.infer<typeof booleanSchema> {}
export const BooleanSchemaSchema: z.ZodMiniType<BooleanSchema> = booleanSchema;

const untitledSingleSelect = z.object({
  type: z.literal('string'),
  ...described,
  enum: z.array(z.string()),
  default: z.optional(z.string()),
});
export interface UntitledSingleSelectEnumSchema extends z.infer<typeof untitledSingleSelect> {}
export const UntitledSingleSelectEnumSchemaSchema: z.ZodMiniType<UntitledSingleSelectEnumSchema> =
  untitledSingleSelect;

const titledSingleSelect = z.object({
  type: z.literal('string'),
  ...described,
  oneOf: z.array(titledOption),
  default: z.optional(z.string()),
});
export interface TitledSingleSelectEnumSchema extends z.infer<typeof titledSingleSelect> {}
export const TitledSingleSelectEnumSchemaSchema: z.ZodMiniType<TitledSingleSelectEnumSchema> =
  titledSingleSelect;

const untitledMultiSelect = z.object({
  type: z.literal('array'),
  ...described,
  ...itemCount,
  items: z.object({ type: z.literal('string'), enum: z.array(z.string()) }),
  default: z.optional(z.array(z.string())),
});
export interface UntitledMultiSelectEnumSchema extends z.infer<typeof untitledMultiSelect> {}
export const UntitledMultiSelectEnumSchemaSchema: z.ZodMiniType<UntitledMultiSelectEnumSchema> =
  untitledMultiSelect;

const titledMultiSelect = z.object({
  type: z.literal('array'),
  ...described,
  ...itemCount,
  items: z.object({ anyOf: z.array(titledOption) }),
  default: z.optional(z.array(z.string())),
});
export interface TitledMultiSelectEnumSchema extends z.infer<typeof titledMultiSelect> {}
export const TitledMultiSelectEnumSchemaSchema: z.ZodMiniType<TitledMultiSelectEnumSchema> =
  titledMultiSelect;

const legacyTitledEnum = z.object({
  type: z.literal('string'),
  ...described,
  enum: z.array(z.string()),
  enumNames: z.optional(z.array(z.string())),
  default: z.optional(z.string()),
});
/** The pre-2025-11-25 titled enum (`enumNames`), still accepted. */
export interface LegacyTitledEnumSchema extends z.infer<typeof legacyTitledEnum> {}
export const LegacyTitledEnumSchemaSchema: z.ZodMiniType<LegacyTitledEnumSchema> = legacyTitledEnum;

export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;
export const SingleSelectEnumSchemaSchema: z.ZodMiniType<SingleSelectEnumSchema> = z.union([
  untitledSingleSelect,
  titledSingleSelect,
]);

export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;
export const MultiSelectEnumSchemaSchema: z.ZodMiniType<MultiSelectEnumSchema> = z.union([
  untitledMultiSelect,
  titledMultiSelect,
]);

export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;
export const EnumSchemaSchema: z.ZodMiniType<EnumSchema> = z.union([
  untitledSingleSelect,
  titledSingleSelect,
  untitledMultiSelect,
  titledMultiSelect,
  legacyTitledEnum,
]);

/** One property of an elicitation form: a flat primitive (P-91). */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;
export const PrimitiveSchemaDefinitionSchema: z.ZodMiniType<PrimitiveSchemaDefinition> = z.union([
  stringSchema,
  numberSchema,
  booleanSchema,
  untitledSingleSelect,
  titledSingleSelect,
  untitledMultiSelect,
  titledMultiSelect,
  legacyTitledEnum,
]);

const elicitRequestFormParams = z.object({
  mode: z.optional(z.literal('form')),
  message: z.string(),
  requestedSchema: z.object({
    $schema: z.optional(z.string()),
    type: z.literal('object'),
    properties: z.record(z.string(), PrimitiveSchemaDefinitionSchema),
    required: z.optional(z.array(z.string())),
  }),
});
/** Form mode: `mode` is `"form"` or absent (C-45). */
export interface ElicitRequestFormParams extends z.infer<typeof elicitRequestFormParams> {}
export const ElicitRequestFormParamsSchema: z.ZodMiniType<ElicitRequestFormParams> = elicitRequestFormParams;

const elicitRequestURLParams = z.object({ mode: z.literal('url'), message: z.string(), url: z.string() });
/** URL mode: the user completes the interaction out of band at `url`. */
export interface ElicitRequestURLParams extends z.infer<typeof elicitRequestURLParams> {}
export const ElicitRequestURLParamsSchema: z.ZodMiniType<ElicitRequestURLParams> = elicitRequestURLParams;

export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;
export const ElicitRequestParamsSchema: z.ZodMiniType<ElicitRequestParams> = z.union([
  elicitRequestFormParams,
  elicitRequestURLParams,
]);

/** An input request asking the user for information. */
const elicitRequest = z.object({
  method: z.literal('elicitation/create'),
  params: ElicitRequestParamsSchema,
});
export interface ElicitRequest extends z.infer<typeof elicitRequest> {}
export const ElicitRequestSchema: z.ZodMiniType<ElicitRequest> = elicitRequest;

const elicitResult = z.object({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.optional(
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  ),
});
/** The user's answer. Values follow the spec's TypeScript (numbers allowed; see `test/fixtures/README.md`). */
export interface ElicitResult extends z.infer<typeof elicitResult> {}
export const ElicitResultSchema: z.ZodMiniType<ElicitResult> = elicitResult;
