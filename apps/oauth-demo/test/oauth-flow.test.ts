import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from './helpers/demo-process.js';
import {
  authorize,
  challengeParams,
  type Discovery,
  discover,
  register,
  revoke,
  type Tokens,
  token,
  tokenResponse,
} from './helpers/oauth-by-hand.js';

// Short-lived access tokens and no leeway, so expiry is seen within the test.
const TTL_SEC = 8;
let demo: RunningDemo;
beforeAll(async () => {
  demo = await startDemo(['--port', '0', '--access-token-ttl', String(TTL_SEC), '--clock-tolerance', '0']);
}, 40_000);
afterAll(() => demo?.stop());

let nextId = 1;

/** One MCP request over HTTP with its mirror headers, as a 2026-07-28 client sends it. */
function mcp(method: string, params: Record<string, unknown> = {}, accessToken?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return fetch(demo.mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { _meta, ...params } }),
  });
}

const writeNote = (accessToken: string) =>
  mcp('tools/call', { name: 'write_note', arguments: { text: 'hi' } }, accessToken);
const echo = (accessToken: string) =>
  mcp('tools/call', { name: 'test_simple_text', arguments: {} }, accessToken);

describe('the whole OAuth flow against a real authorization server (oidc-provider)', () => {
  let discovery: Discovery;
  let clientId: string;
  let first: Tokens;
  let wide: Tokens;

  it('A-5, A-6: an anonymous call is 401 naming the metadata and the scope it needs', async () => {
    const response = await mcp('tools/list');
    expect(response.status).toBe(401);
    const challenge = challengeParams(response.headers.get('www-authenticate'));
    expect(challenge.scope).toBe('mcp:tools');
    discovery = await discover(challenge.resource_metadata!);
    expect(discovery.resourceMetadata).toMatchObject({
      resource: demo.mcpUrl,
      authorization_servers: [demo.issuer],
    });
    expect(discovery.authorizationServer.issuer).toBe(demo.issuer);
    expect(discovery.authorizationServer.code_challenge_methods_supported).toContain('S256');
  });

  it('registers dynamically, then gets a token with code + PKCE for this resource', async () => {
    clientId = await register(discovery);
    first = await authorize(discovery, clientId, demo.mcpUrl, 'mcp:tools');
    expect(first.token_type).toBe('Bearer');
    expect(first.refresh_token).toBeDefined();
    const claims = JSON.parse(Buffer.from(first.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: demo.mcpUrl, iss: demo.issuer, scope: 'mcp:tools' });
  });

  it('A-7: the token calls a tool; A-14: the list hides what it cannot use', async () => {
    const called = await echo(first.access_token);
    expect(called.status).toBe(200);
    expect(await called.json()).toMatchObject({ result: { content: [{ type: 'text' }] } });
    const listed = (await (await mcp('tools/list', {}, first.access_token)).json()) as {
      result: { tools: Array<{ name: string }> };
    };
    const names = listed.result.tools.map((tool) => tool.name);
    expect(names).toContain('test_simple_text');
    expect(names).not.toContain('write_note');
  });

  it('A-10: a wider tool is 403 insufficient_scope; stepping up to the union of scopes works', async () => {
    const refused = await writeNote(first.access_token);
    expect(refused.status).toBe(403);
    const challenge = challengeParams(refused.headers.get('www-authenticate'));
    expect(challenge).toMatchObject({ error: 'insufficient_scope', scope: 'mcp:tools notes:write' });
    const union = [...new Set([...(first.scope ?? '').split(' '), ...challenge.scope!.split(' ')])].join(' ');
    wide = await authorize(discovery, clientId, demo.mcpUrl, union);
    const written = await writeNote(wide.access_token);
    expect(written.status).toBe(200);
    expect(await written.json()).toMatchObject({ result: { content: [{ text: 'demo-user wrote: hi' }] } });
  });

  it('a refresh token gets a new access token that works', async () => {
    const refreshed = await token(discovery, {
      grant_type: 'refresh_token',
      refresh_token: wide.refresh_token!,
      client_id: clientId,
      resource: demo.mcpUrl,
    });
    expect(refreshed.access_token).not.toBe(wide.access_token);
    expect((await writeNote(refreshed.access_token)).status).toBe(200);
    wide = { ...refreshed, refresh_token: refreshed.refresh_token ?? wide.refresh_token };
  });

  it('A-7: an expired access token is 401 invalid_token; refreshing recovers', async () => {
    const expiring = wide.access_token;
    const claims = JSON.parse(Buffer.from(expiring.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, claims.exp * 1000 - Date.now()) + 1000));
    const expired = await echo(expiring);
    expect(expired.status).toBe(401);
    expect(challengeParams(expired.headers.get('www-authenticate'))).toMatchObject({
      error: 'invalid_token',
    });
    const refreshed = await token(discovery, {
      grant_type: 'refresh_token',
      refresh_token: wide.refresh_token!,
      client_id: clientId,
      resource: demo.mcpUrl,
    });
    expect((await echo(refreshed.access_token)).status).toBe(200);
    wide = { ...refreshed, refresh_token: refreshed.refresh_token ?? wide.refresh_token };
  }, 30_000);

  it('a revoked refresh token gets no new access token', async () => {
    expect(await revoke(discovery, clientId, wide.refresh_token!)).toBe(200);
    const refused = await tokenResponse(discovery, {
      grant_type: 'refresh_token',
      refresh_token: wide.refresh_token!,
      client_id: clientId,
      resource: demo.mcpUrl,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('A-8: a token for another resource is refused by the authorization server', async () => {
    const refused = await tokenResponse(discovery, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: clientId,
      resource: 'http://127.0.0.1:1/elsewhere',
    });
    expect(refused.status).toBe(400);
  });
});
