import { McpClient } from '@mcpkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsBrowser } from './support/browser.js';
import { textOf } from './support/everything-server.js';
import { configDir, MCP_REMOTE_START_MS, mcpRemote } from './support/mcp-remote.js';
import { type OAuthDemo, serveOAuthDemo } from './support/oauth-demo.js';

// mcp-remote's own OAuth client against apps/oauth-demo: the everything server protected by
// @mcpkit/auth/server, with a real authorization server (oidc-provider) that consents at once for
// its one user. mcp-remote prints the authorization URL (no browser is opened, see
// fixtures/no-browser); the test plays the browser and lands on mcp-remote's loopback callback.

const cleanups: (() => unknown)[] = [];
let demo: OAuthDemo;
/** mcp-remote's state (client registration, tokens), shared by the tests in order. */
let state: string;
beforeAll(async () => {
  demo = await serveOAuthDemo(cleanups);
  state = configDir(cleanups);
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const clientInfo = { name: 'mcpkit-via-mcp-remote', version: '0.0.0' };
const probeTimeoutMs = MCP_REMOTE_START_MS;

describe('mcp-remote signing in to apps/oauth-demo (oidc-provider) for McpClient', () => {
  it('A-5 A-6 A-28 A-29: the 401 makes mcp-remote sign in (registration, code + PKCE S256, resource); the protected tools work through it', async () => {
    const remote = mcpRemote(demo.mcpUrl, state);
    // The 2025-11-25 client a desktop host is: its initialize waits in the pipe until the sign-in is done.
    const client = new McpClient(remote.transport, { era: 'legacy', clientInfo, probeTimeoutMs });
    try {
      const connecting = client.connect();
      const authorization = await remote.nextAuthorizationUrl();
      expect(authorization.origin).toBe(demo.issuer);
      const asked = Object.fromEntries(authorization.searchParams);
      expect(asked).toMatchObject({
        response_type: 'code',
        code_challenge_method: 'S256',
        resource: demo.mcpUrl,
      });
      expect(asked.client_id).toBeTruthy(); // registered dynamically
      expect(asked.scope?.split(' ')).toContain('mcp:tools'); // the scope of our 401 challenge
      expect(new URL(asked.redirect_uri!).hostname).toBe('127.0.0.1');

      const callback = await signInAsBrowser(authorization);
      expect(callback.url.searchParams.get('iss')).toBe(demo.issuer);
      expect(callback.url.searchParams.get('code')).toBeTruthy();
      expect(callback.status).toBe(200);

      await connecting;
      expect(client.server?.era).toBe('legacy');
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toContain('test_simple_text');
      // the list hides the tool this token's scope cannot call.
      expect(names).not.toContain('write_note');
      expect(textOf(await client.callTool('test_simple_text', {}))).toBe(
        'This is a simple text response for testing.',
      );
      expect(remote.signIns()).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('A-7 A-36: a second mcp-remote on the same state reuses the stored token, and McpClient talks 2026-07-28 through it', async () => {
    const remote = mcpRemote(demo.mcpUrl, state);
    const client = new McpClient(remote.transport, { clientInfo, probeTimeoutMs });
    try {
      await client.connect();
      expect(client.server?.era).toBe('modern');
      expect(textOf(await client.callTool('test_simple_text', {}))).toBe(
        'This is a simple text response for testing.',
      );
      expect(remote.signIns()).toBe(0);
    } finally {
      await client.close();
    }
  });

  // Completing this step-up fails at the authorization server, not here: mcp-remote registered with
  // the scope of the first challenge (even when --static-oauth-client-metadata pins a wider one,
  // which reaches only the authorization URL), and oidc-provider confines a registered client to
  // the scope it registered (invalid_scope). What is ours is the 403 challenge, which it follows.
  it('A-10 A-39: a 403 insufficient_scope makes mcp-remote start a new sign-in for the union of the scopes', async () => {
    const remote = mcpRemote(demo.mcpUrl, state);
    const client = new McpClient(remote.transport, { era: 'legacy', clientInfo, probeTimeoutMs });
    try {
      await client.connect();
      const writing = client.callTool('write_note', { text: 'hi' });
      writing.catch(() => {}); // ends with the client, after the assertions
      const stepUp = await remote.nextAuthorizationUrl();
      expect(stepUp.searchParams.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['mcp:tools', 'notes:write']),
      );
      expect(stepUp.searchParams.get('resource')).toBe(demo.mcpUrl);
    } finally {
      await client.close();
    }
  });
});
