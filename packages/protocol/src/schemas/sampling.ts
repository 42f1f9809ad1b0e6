import * as z from 'zod/v4/mini';
import { optionalMeta } from './common.js';
import { SamplingMessageContentBlockSchema } from './content.js';
import { deferred } from './deferred.js';
import { JSONObjectSchema, RoleSchema } from './json.js';
import { int } from './portable.js';
import { ToolSchema } from './tool.js';

const unitInterval = deferred(() => z.optional(z.number().check(z.gte(0), z.lte(1))));
const oneOrMany = deferred(() =>
  z.union([SamplingMessageContentBlockSchema, z.array(SamplingMessageContentBlockSchema)]),
);

const modelHint = deferred(() => z.object({ name: z.optional(z.string()) }));
export interface ModelHint extends z.infer<ReturnType<typeof modelHint>> {}
export const ModelHintSchema: z.ZodMiniType<ModelHint> = z.lazy(modelHint);

const modelPreferences = deferred(() =>
  z.object({
    hints: z.optional(z.array(ModelHintSchema)),
    costPriority: unitInterval(),
    speedPriority: unitInterval(),
    intelligencePriority: unitInterval(),
  }),
);
export interface ModelPreferences extends z.infer<ReturnType<typeof modelPreferences>> {}
export const ModelPreferencesSchema: z.ZodMiniType<ModelPreferences> = z.lazy(modelPreferences);

const toolChoice = deferred(() => z.object({ mode: z.optional(z.enum(['auto', 'required', 'none'])) }));
export interface ToolChoice extends z.infer<ReturnType<typeof toolChoice>> {}
export const ToolChoiceSchema: z.ZodMiniType<ToolChoice> = z.lazy(toolChoice);

const samplingMessage = deferred(() =>
  z.object({ role: RoleSchema, content: oneOrMany(), _meta: optionalMeta() }),
);
export interface SamplingMessage extends z.infer<ReturnType<typeof samplingMessage>> {}
export const SamplingMessageSchema: z.ZodMiniType<SamplingMessage> = z.lazy(samplingMessage);

const createMessageRequestParams = deferred(() =>
  z.object({
    messages: z.array(SamplingMessageSchema),
    modelPreferences: z.optional(ModelPreferencesSchema),
    systemPrompt: z.optional(z.string()),
    includeContext: z.optional(z.enum(['none', 'thisServer', 'allServers'])),
    temperature: z.optional(z.number()),
    maxTokens: int(),
    stopSequences: z.optional(z.array(z.string())),
    metadata: z.optional(JSONObjectSchema),
    tools: z.optional(z.array(ToolSchema)),
    toolChoice: z.optional(ToolChoiceSchema),
  }),
);
export interface CreateMessageRequestParams extends z.infer<ReturnType<typeof createMessageRequestParams>> {}
export const CreateMessageRequestParamsSchema: z.ZodMiniType<CreateMessageRequestParams> =
  z.lazy(createMessageRequestParams);

/** An input request asking the client to sample the model (deprecated feature, still supported). */
const createMessageRequest = deferred(() =>
  z.object({
    method: z.literal('sampling/createMessage'),
    params: CreateMessageRequestParamsSchema,
  }),
);
export interface CreateMessageRequest extends z.infer<ReturnType<typeof createMessageRequest>> {}
export const CreateMessageRequestSchema: z.ZodMiniType<CreateMessageRequest> = z.lazy(createMessageRequest);

const createMessageResult = deferred(() =>
  z.object({
    role: RoleSchema,
    content: oneOrMany(),
    model: z.string(),
    stopReason: z.optional(z.string()),
    _meta: optionalMeta(),
  }),
);
/** The client's answer to a sampling input request; not a `Result` (P-48). */
export interface CreateMessageResult extends z.infer<ReturnType<typeof createMessageResult>> {}
export const CreateMessageResultSchema: z.ZodMiniType<CreateMessageResult> = z.lazy(createMessageResult);
