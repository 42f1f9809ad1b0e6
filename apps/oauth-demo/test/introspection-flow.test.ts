import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from './helpers/demo-process.js';
import { authorize, challengeParams, discover, register, revoke } from './helpers/oauth-by-hand.js';

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startDemo(['--port', '0', '--token-format', 'opaque']);
});
afterAll(() => demo?.stop());

function callTool(name: string, accessToken: string) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return fetch(demo.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
      authorization: `Bearer ${accessToken}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { _meta, name, arguments: { text: 'x' } },
    }),
  });
}

describe('opaque access tokens checked by introspection (RFC 7662) at the real authorization server', () => {
  it('a token works, its scopes are enforced, and once revoked it is refused', async () => {
    const anonymous = await callTool('test_simple_text', 'not-a-token');
    expect(anonymous.status).toBe(401);
    const discovery = await discover(
      challengeParams(anonymous.headers.get('www-authenticate')).resource_metadata!,
    );
    const clientId = await register(discovery);
    const tokens = await authorize(discovery, clientId, demo.mcpUrl, 'mcp:tools');
    expect(tokens.access_token.split('.')).toHaveLength(1);

    const ok = await callTool('test_simple_text', tokens.access_token);
    expect(ok.status).toBe(200);
    const narrow = await callTool('write_note', tokens.access_token);
    expect(narrow.status).toBe(403);
    expect(challengeParams(narrow.headers.get('www-authenticate')).scope).toBe('mcp:tools notes:write');

    expect(await revoke(discovery, clientId, tokens.access_token)).toBe(200);
    // The resource server caches introspection answers for one second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = await callTool('test_simple_text', tokens.access_token);
    expect(revoked.status).toBe(401);
    expect(challengeParams(revoked.headers.get('www-authenticate'))).toMatchObject({
      error: 'invalid_token',
    });
  });
});
