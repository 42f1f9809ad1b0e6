import { oauthClient } from '@mcpkit/auth';
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from './helpers/demo-process.js';
import { followRedirects } from './helpers/oauth-by-hand.js';

const REDIRECT_URL = 'http://127.0.0.1:1/callback';

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startDemo(['--port', '0']);
}, 40_000);
afterAll(() => demo?.stop());

describe("mcpkit's own client against the protected server and the real authorization server", () => {
  it('logs in on the first 401, calls a tool with a DPoP-bound token, and steps up on 403 insufficient_scope', async () => {
    const consents: URL[] = [];
    const auth = oauthClient(demo.mcpUrl, {
      clientName: 'mcpkit e2e',
      redirectUrl: REDIRECT_URL,
      authorize: async (url) => {
        consents.push(url);
        return followRedirects(url.href, REDIRECT_URL);
      },
    });
    const schemes = new Set<string>();
    const recording: typeof fetch = (input, init) => {
      const authorization = new Headers(init?.headers).get('authorization');
      if (authorization !== null) schemes.add(authorization.split(' ')[0]!);
      return fetch(input, init);
    };
    const transport = createHttpClientTransport(demo.mcpUrl, { authProvider: auth, fetch: recording });
    const client = new McpClient(transport, {
      clientInfo: { name: 'mcpkit-e2e', version: '1.0.0' },
    });
    await client.connect();
    expect(consents).toHaveLength(1);
    expect(consents[0]!.searchParams.get('resource')).toBe(demo.mcpUrl);
    expect(consents[0]!.searchParams.get('scope')).toContain('mcp:tools');

    const simple = await client.callTool('test_simple_text', {});
    expect(simple.isError).not.toBe(true);

    const written = await client.callTool('write_note', { text: 'hello' });
    expect(written.content).toEqual([{ type: 'text', text: 'demo-user wrote: hello' }]);
    expect(consents).toHaveLength(2);
    expect(consents[1]!.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['mcp:tools', 'notes:write']),
    );
    // The server's challenge offers DPoP and the authorization server supports it: tokens are bound.
    expect([...schemes]).toEqual(['DPoP']);
    await client.close();
  }, 60_000);
});
