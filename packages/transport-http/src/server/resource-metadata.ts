import type { HttpRequestInfo } from './auth.js';
import { callHook, type HookAnswer } from './hook-answer.js';

/** An OAuth 2.0 Protected Resource Metadata document (RFC 9728). */
export type ResourceMetadataDocument = Record<string, unknown>;

/**
 * The `protectedResourceMetadata` option: a fixed document, or a function of the request that
 * returns the document or a whole `Response` (sync or async), for metadata that depends on the
 * request or comes from an auth layer.
 */
export type ProtectedResourceMetadata =
  | ResourceMetadataDocument
  | ((
      request: HttpRequestInfo,
    ) => ResourceMetadataDocument | Response | Promise<ResourceMetadataDocument | Response>);

/** Answers one metadata request: the document serialized (`value`), a response, or 500 otherwise. */
export type MetadataSource = (request: HttpRequestInfo) => HookAnswer<string> | Promise<HookAnswer<string>>;

/** The option as a source of answers; a fixed document is serialized once, here. */
export function compileMetadata(option: ProtectedResourceMetadata | undefined): MetadataSource | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'function') return (request) => callHook(option, request, JSON.stringify);
  const fixed = { kind: 'value', value: JSON.stringify(option) } as const;
  return () => fixed;
}
