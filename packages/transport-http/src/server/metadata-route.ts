import { McpError } from '@mcpkit/protocol/internal';
import type { IncomingHttpRequest } from './incoming.js';
import { errorReply, type HttpReply, withHeaders } from './replies.js';
import type { MetadataSource } from './resource-metadata.js';

const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** Whether `pathname` is the protected resource metadata document or one under it (RFC 9728). */
export function isMetadataPath(pathname: string): boolean {
  return pathname === METADATA_PATH || pathname.startsWith(`${METADATA_PATH}/`);
}

/** `GET` or `HEAD` of the protected resource metadata; any other method is 405. */
export async function metadataReply(
  source: MetadataSource,
  request: IncomingHttpRequest,
  cors: Record<string, string> | undefined,
): Promise<HttpReply> {
  const { method, headers } = request;
  if (method !== 'GET' && method !== 'HEAD') {
    return errorReply(405, McpError.invalidRequest('use GET for resource metadata'), {
      ...cors,
      allow: 'GET, HEAD',
    });
  }
  const answer = await source({ method, url: request.url(), headers });
  switch (answer.kind) {
    case 'respond':
      return { kind: 'response', response: answer.response, headers: cors };
    case 'value':
      return {
        kind: 'buffered',
        status: 200,
        headers: withHeaders({ 'content-type': 'application/json' }, cors),
        body: method === 'HEAD' ? undefined : answer.value,
      };
    case 'none':
    case 'invalid':
      return errorReply(500, McpError.internalError('Resource metadata failed'), cors);
  }
}
