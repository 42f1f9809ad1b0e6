import * as z from 'zod/mini';
import { optionalMeta } from './common.js';
import { SamplingMessageContentBlockSchema } from './content.js';
import { JSONObjectSchema, RoleSchema } from './json.js';
import { ToolSchema } from './tool.js';

const unitInterval = z.optional(z.number().check(z.gte(0), z.lte(1)));
const oneOrMany = z.union([SamplingMessageContentBlockSchema, z.array(SamplingMessageContentBlockSchema)]);

const modelHint = z.object({ name: z.optional(z.string()) });
export interface ModelHint extends z.infer<typeof modelHint> {}
export const ModelHintSchema: z.ZodMiniType<ModelHint> = modelHint;

const modelPreferences = z.object({
  hints: z.optional(z.array(ModelHintSchema)),
  costPriority: unitInterval,
  speedPriority: unitInterval,
  intelligencePriority: unitInterval,
});
export interface ModelPreferences extends z.infer<typeof modelPreferences> {}
export const ModelPreferencesSchema: z.ZodMiniType<ModelPreferences> = modelPreferences;

const toolChoice = z.object({ mode: z.optional(z.enum(['auto', 'required', 'none'])) });
export interface ToolChoice extends z.infer<typeof toolChoice> {}
export const ToolChoiceSchema: z.ZodMiniType<ToolChoice> = toolChoice;

const samplingMessage = z.object({ role: RoleSchema, content: oneOrMany, _meta: optionalMeta });
export interface SamplingMessage extends z.infer<typeof samplingMessage> {}
export const SamplingMessageSchema: z.ZodMiniType<SamplingMessage> = samplingMessage;

const createMessageRequestParams = z.object({
  messages: z.array(SamplingMessageSchema),
  modelPreferences: z.optional(ModelPreferencesSchema),
  systemPrompt: z.optional(z.string()),
  includeContext: z.optional(z.enum(['none', 'thisServer', 'allServers'])),
  temperature: z.optional(z.number()),
  maxTokens: z.int(),
  stopSequences: z.optional(z.array(z.string())),
  metadata: z.optional(JSONObjectSchema),
  tools: z.optional(z.array(ToolSchema)),
  toolChoice: z.optional(ToolChoiceSchema),
});
export interface CreateMessageRequestParams extends z.infer<typeof createMessageRequestParams> {}
export const CreateMessageRequestParamsSchema: z.ZodMiniType<CreateMessageRequestParams> =
  createMessageRequestParams;

/** An input request asking the client to sample the model (deprecated feature, still supported). */
const createMessageRequest = z.object({
  method: z.literal('sampling/createMessage'),
  params: CreateMessageRequestParamsSchema,
});
export interface CreateMessageRequest extends z.infer<typeof createMessageRequest> {}
export const CreateMessageRequestSchema: z.ZodMiniType<CreateMessageRequest> = createMessageRequest;

const createMessageResult = z.object({
  role: RoleSchema,
  content: oneOrMany,
  model: z.string(),
  stopReason: z.optional(z.string()),
  _meta: optionalMeta,
});
/** The client's answer to a sampling input request; not a `Result` (P-48). */
export interface CreateMessageResult extends z.infer<typeof createMessageResult> {}
export const CreateMessageResultSchema: z.ZodMiniType<CreateMessageResult> = createMessageResult;
