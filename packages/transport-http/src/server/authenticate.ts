import type { AuthInfo } from '@mcpkit/protocol';
import { McpError } from '@mcpkit/protocol/internal';
import { callHook } from './hook-answer.js';
import type { IncomingHttpRequest } from './incoming.js';
import type { HandlerConfig } from './options.js';
import { errorReply, type HttpReply } from './replies.js';

/** The caller as the hook let it through, or the reply the hook chose instead. */
export type Authenticated =
  | { kind: 'pass'; info: AuthInfo | undefined }
  | { kind: 'reply'; reply: HttpReply };

/** A request that no hook looked at. */
const ANONYMOUS: Authenticated = { kind: 'pass', info: undefined };

/** An `authenticate` hook's plain-object answer is the caller's `AuthInfo`. */
const asAuthInfo = (value: Record<string, unknown>): AuthInfo => value as AuthInfo;

/** Runs the authentication hook (every method that reaches the endpoint goes through it). */
export async function authenticate(
  request: IncomingHttpRequest,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
): Promise<Authenticated> {
  if (config.authenticate === undefined) return ANONYMOUS;
  const info = { method: request.method, url: request.url(), headers: request.headers };
  const answer = await callHook(config.authenticate, info, asAuthInfo);
  if (answer.kind === 'respond') {
    return { kind: 'reply', reply: { kind: 'response', response: answer.response, headers: cors } };
  }
  if (answer.kind === 'invalid') {
    return { kind: 'reply', reply: errorReply(500, McpError.internalError('Authentication failed'), cors) };
  }
  return { kind: 'pass', info: answer.kind === 'value' ? answer.value : undefined };
}
