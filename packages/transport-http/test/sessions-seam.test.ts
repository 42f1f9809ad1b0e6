import type { McpEndpoint, RequestContext, SessionEndpoint } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { echo } from './helpers/endpoints.js';
import { handlerFor, URL_BASE } from './helpers/http.js';

const ORIGIN = 'http://localhost:5173';

/** An endpoint with 2025-era sessions whose `DELETE` ends any session; records who asked. */
function withSessions(): McpEndpoint & { sessions: SessionEndpoint; ended: RequestContext[] } {
  const ended: RequestContext[] = [];
  const sessions: SessionEndpoint = {
    openStream: async () => ({ kind: 'refused', status: 404 }),
    endSession: async (context) => {
      ended.push(context);
      return { kind: 'ended' };
    },
  };
  return { handle: (message, context) => echo.handle(message, context), sessions, ended };
}

const preflight = (method: string) =>
  new Request(URL_BASE, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method },
  });
const remove = () =>
  new Request(URL_BASE, { method: 'DELETE', headers: { origin: ORIGIN, 'mcp-session-id': 's1' } });

describe('sessions are one member of the endpoint (McpEndpoint.sessions)', () => {
  it('B-11: an endpoint with sessions gets GET and DELETE, and CORS says so', async () => {
    const endpoint = withSessions();
    const handler = handlerFor(endpoint);
    const allowed = await handler(preflight('DELETE'));
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate, Mcp-Session-Id');
    expect((await handler(remove())).status).toBe(204);
    expect(endpoint.ended[0]?.headers?.get('mcp-session-id')).toBe('s1');
  });

  it('H-38: a wrapper that passes on only handle drops sessions: POST only, in CORS too', async () => {
    const inner = withSessions();
    const wrapper: McpEndpoint = { handle: (message, context) => inner.handle(message, context) };
    const handler = handlerFor(wrapper);
    const allowed = await handler(preflight('DELETE'));
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate');
    const refused = await handler(remove());
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('POST');
    expect(inner.ended).toEqual([]);
  });

  it('B-11: a wrapper that passes on sessions keeps them', async () => {
    const inner = withSessions();
    const wrapper: McpEndpoint = {
      handle: (message, context) => inner.handle(message, context),
      sessions: inner.sessions,
    };
    const handler = handlerFor(wrapper);
    expect((await handler(preflight('GET'))).headers.get('access-control-allow-methods')).toBe(
      'GET, POST, DELETE',
    );
    expect((await handler(remove())).status).toBe(204);
    expect(inner.ended).toHaveLength(1);
  });
});
