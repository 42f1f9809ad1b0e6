import { type Challenge, wwwAuthenticate } from '@mcpkit/protocol';
import { challengeStatus } from '@mcpkit/protocol/internal';

export { type Challenge, type ChallengeError, wwwAuthenticate } from '@mcpkit/protocol';

/** A challenge as a complete response, with a small JSON body naming the error for humans. */
export function challengeResponse(challenge: Challenge): Response {
  const status = challengeStatus(challenge.error);
  const body =
    challenge.error === undefined
      ? null
      : JSON.stringify({ error: challenge.error, error_description: challenge.description });
  const headers: Record<string, string> = { 'www-authenticate': wwwAuthenticate(challenge) };
  if (body !== null) headers['content-type'] = 'application/json';
  return new Response(body, { status, headers });
}
