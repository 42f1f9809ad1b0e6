import * as z from 'zod/v4/mini';
import { LOGGING_LEVELS } from '../logging-levels.js';
import { deferred } from './deferred.js';
import { type MetaObject, MetaObjectSchema, RoleSchema } from './json.js';

const icon = deferred(() =>
  z.object({
    src: z.string(),
    mimeType: z.optional(z.string()),
    sizes: z.optional(z.array(z.string())),
    theme: z.optional(z.enum(['light', 'dark'])),
  }),
);
/** An icon a client may show; treat it as untrusted (P-63, P-93). */
export interface Icon extends z.infer<ReturnType<typeof icon>> {}
export const IconSchema: z.ZodMiniType<Icon> = z.lazy(icon);

const icons = deferred(() => z.object({ icons: z.optional(z.array(IconSchema)) }));
export interface Icons extends z.infer<ReturnType<typeof icons>> {}
export const IconsSchema: z.ZodMiniType<Icons> = z.lazy(icons);

const baseMetadata = deferred(() => z.object({ name: z.string(), title: z.optional(z.string()) }));
export interface BaseMetadata extends z.infer<ReturnType<typeof baseMetadata>> {}
export const BaseMetadataSchema: z.ZodMiniType<BaseMetadata> = z.lazy(baseMetadata);

const implementation = deferred(() =>
  z.object({
    name: z.string(),
    title: z.optional(z.string()),
    version: z.string(),
    description: z.optional(z.string()),
    websiteUrl: z.optional(z.string()),
    icons: z.optional(z.array(IconSchema)),
  }),
);
/** Name and version of a client or server, as it reports itself (unverified, P-38). */
export interface Implementation extends z.infer<ReturnType<typeof implementation>> {}
export const ImplementationSchema: z.ZodMiniType<Implementation> = z.lazy(implementation);

const annotations = deferred(() =>
  z.object({
    audience: z.optional(z.array(RoleSchema)),
    priority: z.optional(z.number().check(z.gte(0), z.lte(1))),
    lastModified: z.optional(z.string()),
  }),
);
export interface Annotations extends z.infer<ReturnType<typeof annotations>> {}
export const AnnotationsSchema: z.ZodMiniType<Annotations> = z.lazy(annotations);

const loggingLevel = deferred(() => z.enum(LOGGING_LEVELS));
/** Syslog severities, least severe first (P-64). */
export type LoggingLevel = z.infer<ReturnType<typeof loggingLevel>>;
export const LoggingLevelSchema: z.ZodMiniType<LoggingLevel> = z.lazy(loggingLevel);

/** Shared optional `_meta` of data objects that are not requests, results or notifications. */
export const optionalMeta: () => z.ZodMiniOptional<z.ZodMiniType<MetaObject>> = deferred(() =>
  z.optional(MetaObjectSchema),
);
