import { McpError } from '@mcpkit/protocol/internal';

/**
 * What a store of this package throws when Redis cannot be reached or does not answer in time:
 * a `-32603` error the HTTP transport answers with status 503, so a client (or a balancer) can
 * retry later rather than wait.
 */
export function unavailable(where: string, cause: unknown): McpError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new McpError(
    -32603,
    `The shared store (Redis at ${where}) is unavailable: ${detail}. Try again shortly`,
    undefined,
    { reason: 'unavailable', cause },
  );
}
