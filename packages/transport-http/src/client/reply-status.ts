import type { TransportError } from '@mcpkit/protocol/internal';
import type { HttpReply } from './sender.js';

/** Statuses after which the same POST goes to `Location`; a 303 asks for a GET, which MCP has not. */
export const FOLLOWED = new Set([301, 302, 307, 308]);

/** Whether `response` is a redirect for `followRedirects` to follow or refuse. */
export function isRedirect(response: HttpReply): boolean {
  return response.opaqueRedirect || FOLLOWED.has(response.status);
}

/** Whether `response` refuses the request's credentials. */
export function isUnauthorized(response: HttpReply): boolean {
  return response.status === 401 || response.status === 403;
}

/**
 * What `reply-recovery.ts` takes from the transport's chunk, handed in so that it imports nothing
 * from it: a bundler would otherwise cut what both use out of the first chunk into a file of its own.
 */
export interface RecoveryKit {
  readonly TransportError: typeof TransportError;
  readonly followed: ReadonlySet<number>;
  readonly maxRedirects: number;
  readonly maxAuthRetries: number;
  readonly isUnauthorized: (response: HttpReply) => boolean;
}
