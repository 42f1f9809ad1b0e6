import * as z from 'zod/mini';
import { AnnotationsSchema, IconSchema, optionalMeta } from './common.js';

const textContent = z.object({
  type: z.literal('text'),
  text: z.string(),
  annotations: z.optional(AnnotationsSchema),
  _meta: optionalMeta,
});
export interface TextContent extends z.infer<typeof textContent> {}
export const TextContentSchema: z.ZodMiniType<TextContent> = textContent;

const binaryContent = <T extends 'image' | 'audio'>(type: T) =>
  z.object({
    type: z.literal(type),
    data: z.string(),
    mimeType: z.string(),
    annotations: z.optional(AnnotationsSchema),
    _meta: optionalMeta,
  });

const imageContent = binaryContent('image');
/** Base64 image data with its MIME type. */
export interface ImageContent extends z.infer<typeof imageContent> {}
export const ImageContentSchema: z.ZodMiniType<ImageContent> = imageContent;

const audioContent = binaryContent('audio');
/** Base64 audio data with its MIME type. */
export interface AudioContent extends z.infer<typeof audioContent> {}
export const AudioContentSchema: z.ZodMiniType<AudioContent> = audioContent;

const resourceShape = {
  uri: z.string(),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  annotations: z.optional(AnnotationsSchema),
  size: z.optional(z.int()),
  icons: z.optional(z.array(IconSchema)),
  _meta: optionalMeta,
};

const resource = z.object(resourceShape);
/** A resource the server can read (P-58). */
export interface Resource extends z.infer<typeof resource> {}
export const ResourceSchema: z.ZodMiniType<Resource> = resource;

const resourceLink = z.object({ ...resourceShape, type: z.literal('resource_link') });
/** A link to a resource inside tool results and prompts; it need not appear in `resources/list`. */
export interface ResourceLink extends z.infer<typeof resourceLink> {}
export const ResourceLinkSchema: z.ZodMiniType<ResourceLink> = resourceLink;

const contentsShape = { uri: z.string(), mimeType: z.optional(z.string()), _meta: optionalMeta };

const resourceContents = z.object(contentsShape);
export interface ResourceContents extends z.infer<typeof resourceContents> {}
export const ResourceContentsSchema: z.ZodMiniType<ResourceContents> = resourceContents;

const textResourceContents = z.object({ ...contentsShape, text: z.string() });
export interface TextResourceContents extends z.infer<typeof textResourceContents> {}
export const TextResourceContentsSchema: z.ZodMiniType<TextResourceContents> = textResourceContents;

const blobResourceContents = z.object({ ...contentsShape, blob: z.string() });
/** Binary contents, Base64 in `blob`. */
export interface BlobResourceContents extends z.infer<typeof blobResourceContents> {}
export const BlobResourceContentsSchema: z.ZodMiniType<BlobResourceContents> = blobResourceContents;

const embeddedResource = z.object({
  type: z.literal('resource'),
  resource: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
  annotations: z.optional(AnnotationsSchema),
  _meta: optionalMeta,
});
export interface EmbeddedResource extends z.infer<typeof embeddedResource> {}
export const EmbeddedResourceSchema: z.ZodMiniType<EmbeddedResource> = embeddedResource;

/** A block of tool result or prompt content (P-55). */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
export const ContentBlockSchema: z.ZodMiniType<ContentBlock> = z.discriminatedUnion('type', [
  textContent,
  imageContent,
  audioContent,
  resourceLink,
  embeddedResource,
]);

const toolUseContent = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  _meta: optionalMeta,
});
/** A model's request to call a tool, inside sampling messages (P-56). */
export interface ToolUseContent extends z.infer<typeof toolUseContent> {}
export const ToolUseContentSchema: z.ZodMiniType<ToolUseContent> = toolUseContent;

const toolResultContent = z.object({
  type: z.literal('tool_result'),
  toolUseId: z.string(),
  content: z.array(ContentBlockSchema),
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
  _meta: optionalMeta,
});
/** The outcome of a tool use, inside sampling messages (P-56). */
export interface ToolResultContent extends z.infer<typeof toolResultContent> {}
export const ToolResultContentSchema: z.ZodMiniType<ToolResultContent> = toolResultContent;

export type SamplingMessageContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ToolUseContent
  | ToolResultContent;
export const SamplingMessageContentBlockSchema: z.ZodMiniType<SamplingMessageContentBlock> =
  z.discriminatedUnion('type', [textContent, imageContent, audioContent, toolUseContent, toolResultContent]);
