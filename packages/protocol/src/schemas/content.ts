import * as z from 'zod/v4/mini';
import { AnnotationsSchema, IconSchema, optionalMeta } from './common.js';
import { deferred } from './deferred.js';
import { discriminatedUnion, int } from './portable.js';

const textContent = deferred(() =>
  z.object({
    type: z.literal('text'),
    text: z.string(),
    annotations: z.optional(AnnotationsSchema),
    _meta: optionalMeta(),
  }),
);
export interface TextContent extends z.infer<ReturnType<typeof textContent>> {}
export const TextContentSchema: z.ZodMiniType<TextContent> = z.lazy(textContent);

const binaryContent = <T extends 'image' | 'audio'>(type: T) =>
  z.object({
    type: z.literal(type),
    data: z.string(),
    mimeType: z.string(),
    annotations: z.optional(AnnotationsSchema),
    _meta: optionalMeta(),
  });

const imageContent = deferred(() => binaryContent('image'));
/** Base64 image data with its MIME type. */
export interface ImageContent extends z.infer<ReturnType<typeof imageContent>> {}
export const ImageContentSchema: z.ZodMiniType<ImageContent> = z.lazy(imageContent);

const audioContent = deferred(() => binaryContent('audio'));
/** Base64 audio data with its MIME type. */
export interface AudioContent extends z.infer<ReturnType<typeof audioContent>> {}
export const AudioContentSchema: z.ZodMiniType<AudioContent> = z.lazy(audioContent);

const resourceShape = deferred(() => ({
  uri: z.string(),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  annotations: z.optional(AnnotationsSchema),
  size: z.optional(int()),
  icons: z.optional(z.array(IconSchema)),
  _meta: optionalMeta(),
}));

const resource = deferred(() => z.object(resourceShape()));
/** A resource the server can read (P-58). */
export interface Resource extends z.infer<ReturnType<typeof resource>> {}
export const ResourceSchema: z.ZodMiniType<Resource> = z.lazy(resource);

const resourceLink = deferred(() => z.object({ ...resourceShape(), type: z.literal('resource_link') }));
/** A link to a resource inside tool results and prompts; it need not appear in `resources/list`. */
export interface ResourceLink extends z.infer<ReturnType<typeof resourceLink>> {}
export const ResourceLinkSchema: z.ZodMiniType<ResourceLink> = z.lazy(resourceLink);

const contentsShape = deferred(() => ({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  _meta: optionalMeta(),
}));

const resourceContents = deferred(() => z.object(contentsShape()));
export interface ResourceContents extends z.infer<ReturnType<typeof resourceContents>> {}
export const ResourceContentsSchema: z.ZodMiniType<ResourceContents> = z.lazy(resourceContents);

const textResourceContents = deferred(() => z.object({ ...contentsShape(), text: z.string() }));
export interface TextResourceContents extends z.infer<ReturnType<typeof textResourceContents>> {}
export const TextResourceContentsSchema: z.ZodMiniType<TextResourceContents> = z.lazy(textResourceContents);

const blobResourceContents = deferred(() => z.object({ ...contentsShape(), blob: z.string() }));
/** Binary contents, Base64 in `blob`. */
export interface BlobResourceContents extends z.infer<ReturnType<typeof blobResourceContents>> {}
export const BlobResourceContentsSchema: z.ZodMiniType<BlobResourceContents> = z.lazy(blobResourceContents);

const embeddedResource = deferred(() =>
  z.object({
    type: z.literal('resource'),
    resource: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
    annotations: z.optional(AnnotationsSchema),
    _meta: optionalMeta(),
  }),
);
export interface EmbeddedResource extends z.infer<ReturnType<typeof embeddedResource>> {}
export const EmbeddedResourceSchema: z.ZodMiniType<EmbeddedResource> = z.lazy(embeddedResource);

/** A block of tool result or prompt content (P-55). */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
export const ContentBlockSchema: z.ZodMiniType<ContentBlock> = z.lazy(() =>
  discriminatedUnion('type', [
    textContent(),
    imageContent(),
    audioContent(),
    resourceLink(),
    embeddedResource(),
  ]),
);

const toolUseContent = deferred(() =>
  z.object({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
    _meta: optionalMeta(),
  }),
);
/** A model's request to call a tool, inside sampling messages (P-56). */
export interface ToolUseContent extends z.infer<ReturnType<typeof toolUseContent>> {}
export const ToolUseContentSchema: z.ZodMiniType<ToolUseContent> = z.lazy(toolUseContent);

const toolResultContent = deferred(() =>
  z.object({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(ContentBlockSchema),
    structuredContent: z.optional(z.unknown()),
    isError: z.optional(z.boolean()),
    _meta: optionalMeta(),
  }),
);
/** The outcome of a tool use, inside sampling messages (P-56). */
export interface ToolResultContent extends z.infer<ReturnType<typeof toolResultContent>> {}
export const ToolResultContentSchema: z.ZodMiniType<ToolResultContent> = z.lazy(toolResultContent);

export type SamplingMessageContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ToolUseContent
  | ToolResultContent;
export const SamplingMessageContentBlockSchema: z.ZodMiniType<SamplingMessageContentBlock> = z.lazy(() =>
  discriminatedUnion('type', [
    textContent(),
    imageContent(),
    audioContent(),
    toolUseContent(),
    toolResultContent(),
  ]),
);
