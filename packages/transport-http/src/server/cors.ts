import type { HttpReply } from './replies.js';

/** CORS headers for a request from an allowed `Origin`, so browser clients can read responses. */
export function corsHeaders(origin: string, sessions: boolean): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    // A browser client of 2025-era sessions must read the session id the server issues.
    'access-control-expose-headers': sessions ? 'WWW-Authenticate, Mcp-Session-Id' : 'WWW-Authenticate',
    vary: 'Origin',
  };
}

/** The answer to a CORS preflight: the methods served (`GET` and `DELETE` only with sessions). */
export function preflight(origin: string, requestedHeaders: string | null, sessions: boolean): HttpReply {
  const headers = corsHeaders(origin, sessions);
  headers['access-control-allow-methods'] = sessions ? 'GET, POST, DELETE' : 'POST';
  headers['access-control-max-age'] = '86400';
  if (requestedHeaders !== null) headers['access-control-allow-headers'] = requestedHeaders;
  return { kind: 'buffered', status: 204, headers, body: undefined };
}
