import type { HttpRequestInfo } from './auth.js';
import { asResponse, isPlainObject } from './response-like.js';

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

/** What to answer a metadata request with. */
export type MetadataAnswer =
  /** The document, serialized. */
  | { kind: 'document'; json: string }
  /** A response the option's function made. */
  | { kind: 'respond'; response: Response }
  /** The function threw or returned something else: 500. */
  | { kind: 'invalid' };

/** Answers one metadata request. */
export type MetadataSource = (request: HttpRequestInfo) => MetadataAnswer | Promise<MetadataAnswer>;

async function callMetadata(
  make: Exclude<ProtectedResourceMetadata, ResourceMetadataDocument>,
  request: HttpRequestInfo,
): Promise<MetadataAnswer> {
  try {
    const result: unknown = await make(request);
    const response = await asResponse(result);
    if (response !== undefined) return { kind: 'respond', response };
    return isPlainObject(result) ? { kind: 'document', json: JSON.stringify(result) } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}

/** The option as a source of answers; a fixed document is serialized once, here. */
export function compileMetadata(option: ProtectedResourceMetadata | undefined): MetadataSource | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'function') return (request) => callMetadata(option, request);
  const fixed: MetadataAnswer = { kind: 'document', json: JSON.stringify(option) };
  return () => fixed;
}
