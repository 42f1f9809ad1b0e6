import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jwtVerifier } from '../src/server/index.js';
import {
  FakeIssuer,
  hmacWithPublicKey,
  METADATA_URL,
  RESOURCE,
  signingKey,
  unsignedToken,
} from './helpers/issuer.js';
import { challengeParams, handlerRuns, mcpRequest, protectedHandler } from './helpers/protected.js';

const issuer = new FakeIssuer();
let handler: (request: Request) => Promise<Response>;
beforeAll(async () => {
  await issuer.start();
  handler = protectedHandler(issuer);
});
afterAll(() => issuer.stop());
beforeEach(() => {
  issuer.mode = 'ok';
});

const now = () => Math.floor(Date.now() / 1000);

async function callTool(name: string, token?: string) {
  return handler(mcpRequest('tools/call', { name, arguments: {} }, token));
}

describe('protected resource metadata', () => {
  it('A-4, A-5: the same document at the path-inserted and the root well-known location', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const response = await handler(new Request(`http://localhost:3000${path}`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['mcp:tools', 'files:read', 'files:write'],
      });
    }
  });
});

describe('challenges', () => {
  it('A-5, A-6, A-9: no token is 401 naming the metadata and the scopes this operation needs', async () => {
    const response = await callTool('write_file');
    expect(response.status).toBe(401);
    const header = response.headers.get('www-authenticate')!;
    expect(header.startsWith('Bearer ')).toBe(true);
    expect(challengeParams(header)).toEqual({
      resource_metadata: METADATA_URL,
      scope: 'mcp:tools files:read files:write',
    });
  });

  it('A-9, A-10: a token lacking scopes is 403 insufficient_scope listing every scope the call needs', async () => {
    const runs = handlerRuns.write_file;
    const response = await callTool('write_file', await issuer.token({ scope: 'mcp:tools files:read' }));
    expect(handlerRuns.write_file).toBe(runs);
    expect(response.status).toBe(403);
    expect(challengeParams(response.headers.get('www-authenticate'))).toMatchObject({
      error: 'insufficient_scope',
      scope: 'mcp:tools files:read files:write',
      resource_metadata: METADATA_URL,
    });
    expect(await response.json()).toMatchObject({
      error: { code: -31403, data: { requiredScopes: ['mcp:tools', 'files:read', 'files:write'] } },
    });
  });

  it('A-9, A-10: the 403 comes before the handler, for prompts and resources too', async () => {
    const token = await issuer.token({ scope: 'mcp:tools' });
    const prompt = await handler(mcpRequest('prompts/get', { name: 'review' }, token));
    expect(prompt.status).toBe(403);
    expect(challengeParams(prompt.headers.get('www-authenticate')).scope).toBe('mcp:tools prompts:read');
    const resource = await handler(mcpRequest('resources/read', { uri: 'file:///secret' }, token));
    expect(resource.status).toBe(403);
  });

  it('A-9: an Mcp-Method header naming an Object property is still a plain 401, never a 500', async () => {
    const scoped = protectedHandler(issuer, { methodScopes: { 'tools/call': ['mcp:call'] } });
    for (const method of ['__proto__', 'constructor', 'toString']) {
      const response = await scoped(mcpRequest('tools/list', {}, undefined, { 'mcp-method': method }));
      expect(response.status).toBe(401);
      expect(challengeParams(response.headers.get('www-authenticate')).scope).toBe('mcp:tools');
    }
  });

  it('A-9: a malformed Authorization header is 400', async () => {
    const response = await handler(mcpRequest('tools/list', {}, undefined, { authorization: 'Bearer a b' }));
    expect(response.status).toBe(400);
    expect(challengeParams(response.headers.get('www-authenticate')).error).toBe('invalid_request');
  });

  it('A-11: a broad scope implies the narrower ones of the hierarchy', async () => {
    const hierarchy = protectedHandler(issuer, {
      scopeHierarchy: { 'files:admin': ['files:write'], 'files:write': ['files:read'] },
    });
    const token = await issuer.token({ scope: 'mcp:tools files:admin' });
    const response = await hierarchy(mcpRequest('tools/call', { name: 'write_file', arguments: {} }, token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: { content: [{ text: 'written' }] } });
    const narrow = await issuer.token({ scope: 'mcp:tools files:read' });
    expect(
      (await hierarchy(mcpRequest('tools/call', { name: 'write_file', arguments: {} }, narrow))).status,
    ).toBe(403);
  });

  it('optional: anonymous callers use what needs no scope; a scoped tool is 401 with its scopes', async () => {
    const open = protectedHandler(issuer, { optional: true, requiredScopes: [] });
    expect((await open(mcpRequest('tools/call', { name: 'whoami', arguments: {} }))).status).toBe(200);
    const scoped = await open(mcpRequest('tools/call', { name: 'read_file', arguments: {} }));
    expect(scoped.status).toBe(401);
    expect(challengeParams(scoped.headers.get('www-authenticate'))).toEqual({
      scope: 'files:read',
      resource_metadata: METADATA_URL,
    });
    expect(await scoped.json()).toMatchObject({
      error: { code: -31401, data: { requiredScopes: ['files:read'] } },
    });
  });

  it('A-12: offline_access is in no challenge and not in scopes_supported', async () => {
    const strict = protectedHandler(issuer, { requiredScopes: ['mcp:tools', 'offline_access'] });
    const anonymous = await strict(mcpRequest('tools/list'));
    expect(anonymous.headers.get('www-authenticate')).not.toContain('offline_access');
    const narrow = await strict(
      mcpRequest('tools/call', { name: 'read_file', arguments: {} }, await issuer.token({ scope: '' })),
    );
    expect(narrow.status).toBe(403);
    expect(narrow.headers.get('www-authenticate')).not.toContain('offline_access');
  });
});

describe('tokens (A-7, A-8): every bad one is 401 invalid_token, and nothing else breaks', () => {
  const key = () => issuer.keys[0]!;
  const attacks: Record<string, () => Promise<string>> = {
    expired: () => issuer.token({ exp: now() - 3600 }),
    'not yet valid': () => issuer.token({ nbf: now() + 3600 }),
    'wrong audience': () => issuer.token({ aud: 'https://other.example.com/mcp' }),
    'wrong issuer': () => issuer.token({ iss: 'https://evil.example.com' }),
    'alg none': async () =>
      unsignedToken({
        iss: issuer.issuer,
        aud: RESOURCE,
        sub: 'mallory',
        scope: 'mcp:tools',
        exp: now() + 60,
      }),
    'HMAC signed with the public key': () =>
      hmacWithPublicKey(
        { iss: issuer.issuer, aud: RESOURCE, sub: 'mallory', scope: 'mcp:tools', exp: now() + 60 },
        key().publicJwk,
        key().kid,
      ),
    'kid not in the set': async () => issuer.token({}, await signingKey('stranger')),
    'not a JWT': async () => 'opaque-garbage-token',
  };
  for (const [attack, mint] of Object.entries(attacks)) {
    it(`${attack}: 401`, async () => {
      const response = await callTool('whoami', await mint());
      expect(response.status).toBe(401);
      expect(challengeParams(response.headers.get('www-authenticate'))).toMatchObject({
        error: 'invalid_token',
        resource_metadata: METADATA_URL,
      });
      expect((await callTool('whoami', await issuer.token())).status).toBe(200);
    });
  }

  it('a JWKS endpoint that hangs or returns garbage: 401, then service resumes', async () => {
    const impatient = jwtVerifier({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      audience: RESOURCE,
      jwksTimeoutMs: 300,
    });
    const fresh = protectedHandler(issuer, { verifier: impatient });
    issuer.mode = 'hang';
    const hanging = await fresh(mcpRequest('tools/list', {}, await issuer.token()));
    expect(hanging.status).toBe(401);
    issuer.mode = 'garbage';
    const garbage = await protectedHandler(issuer)(mcpRequest('tools/list', {}, await issuer.token()));
    expect(garbage.status).toBe(401);
    issuer.mode = 'ok';
    expect((await protectedHandler(issuer)(mcpRequest('tools/list', {}, await issuer.token()))).status).toBe(
      200,
    );
  });

  it('A-7, A-8: a verifier that also accepts another audience still lets in only tokens naming this resource (RFC 8707)', async () => {
    const shared = jwtVerifier({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      audience: [RESOURCE, 'https://other.example.com/mcp'],
    });
    const guarded = protectedHandler(issuer, { verifier: shared });
    const call = async (token: string) =>
      guarded(mcpRequest('tools/call', { name: 'whoami', arguments: {} }, token));
    const foreign = await call(await issuer.token({ aud: 'https://other.example.com/mcp' }));
    expect(foreign.status).toBe(401);
    expect(challengeParams(foreign.headers.get('www-authenticate'))).toMatchObject({
      error: 'invalid_token',
      error_description: 'The access token was issued for another resource',
    });
    expect(
      (await call(await issuer.token({ aud: ['https://other.example.com/mcp', RESOURCE] }))).status,
    ).toBe(200);
    expect((await call(await issuer.token())).status).toBe(200);
  });

  it('A-7, A-8: a verifier configured with another audience than the resource lets no token in', async () => {
    const misconfigured = jwtVerifier({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      audience: 'https://other.example.com/mcp',
    });
    const guarded = protectedHandler(issuer, { verifier: misconfigured });
    const token = await issuer.token({ aud: 'https://other.example.com/mcp' });
    const response = await guarded(mcpRequest('tools/call', { name: 'whoami', arguments: {} }, token));
    expect(response.status).toBe(401);
  });

  it('A-13: no challenge or error echoes the token', async () => {
    const token = await issuer.token({ aud: 'https://other.example.com/mcp' });
    const response = await callTool('whoami', token);
    expect(response.headers.get('www-authenticate')).not.toContain(token);
    expect(await response.text()).not.toContain(token);
  });
});

describe('ctx.auth', () => {
  it('carries the verified principal, scopes and claims', async () => {
    const response = await callTool(
      'whoami',
      await issuer.token({ sub: 'bob', scope: 'mcp:tools files:read' }),
    );
    const body = (await response.json()) as { result: { content: Array<{ text: string }> } };
    expect(JSON.parse(body.result.content[0]!.text)).toEqual({
      principal: 'bob',
      scopes: ['mcp:tools', 'files:read'],
      sub: 'bob',
    });
  });

  it('requestState stays bound to the principal: a state issued to alice is refused for bob', async () => {
    const alice = await issuer.token({ sub: 'alice' });
    const first = await handler(mcpRequest('tools/call', { name: 'confirm', arguments: {} }, alice));
    const { result } = (await first.json()) as { result: { resultType: string; requestState: string } };
    expect(result.resultType).toBe('input_required');
    const retry = {
      name: 'confirm',
      arguments: {},
      requestState: result.requestState,
      inputResponses: { ok: { action: 'accept', content: {} } },
    };
    const asBob = await handler(mcpRequest('tools/call', retry, await issuer.token({ sub: 'bob' })));
    expect(await asBob.json()).toMatchObject({ error: { code: -32602 } });
    const asAlice = await handler(mcpRequest('tools/call', retry, alice));
    expect(await asAlice.json()).toMatchObject({ result: { content: [{ text: 'accept' }] } });
  });
});

describe('lists', () => {
  it('A-14: with filterLists, a caller sees only what its scopes allow, as a private result', async () => {
    const filtered = protectedHandler(issuer, { filterLists: true });
    const list = async (scope: string) => {
      const response = await filtered(mcpRequest('tools/list', {}, await issuer.token({ scope })));
      return (await response.json()) as { result: { tools: Array<{ name: string }>; cacheScope: string } };
    };
    const narrow = await list('mcp:tools');
    expect(narrow.result.tools.map((tool) => tool.name)).toEqual(['whoami', 'confirm']);
    expect(narrow.result.cacheScope).toBe('private');
    const wide = await list('mcp:tools files:read files:write');
    expect(wide.result.tools.map((tool) => tool.name)).toEqual([
      'whoami',
      'read_file',
      'write_file',
      'confirm',
    ]);
  });

  it('A-14: a filtered list is private even where the server made lists public', async () => {
    const publicLists = protectedHandler(
      issuer,
      { filterLists: true },
      { cache: { methods: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } } } },
    );
    const response = await publicLists(mcpRequest('tools/list', {}, await issuer.token()));
    expect(await response.json()).toMatchObject({ result: { cacheScope: 'private', ttlMs: 60_000 } });
    const unfiltered = protectedHandler(
      issuer,
      {},
      { cache: { methods: { 'tools/list': { cacheScope: 'public' } } } },
    );
    const shared = await unfiltered(mcpRequest('tools/list', {}, await issuer.token()));
    expect(await shared.json()).toMatchObject({ result: { cacheScope: 'public' } });
  });

  it('A-14: without filterLists every tool is listed', async () => {
    const response = await handler(mcpRequest('tools/list', {}, await issuer.token()));
    const body = (await response.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools).toHaveLength(4);
  });
});
