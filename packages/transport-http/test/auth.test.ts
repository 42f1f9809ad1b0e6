import { type AuthInfo, errorFinal, McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type Authenticate, bearerAuth } from '../src/index.js';
import { echo, request, scripted } from './helpers/endpoints.js';
import { handlerFor, post } from './helpers/http.js';

const METADATA_URL = 'http://localhost:3000/.well-known/oauth-protected-resource/mcp';
const tokens: Record<string, AuthInfo> = {
  good: { principal: 'alice', scopes: ['mcp:tools', 'mcp:read'], token: 'good' },
  narrow: { principal: 'bob', scopes: ['mcp:read'] },
  stale: { principal: 'carol', scopes: ['mcp:tools'], expiresAt: Date.now() - 1000 },
};

const authenticate = bearerAuth({
  verifyToken: (token) => tokens[token],
  requiredScopes: ['mcp:tools'],
  resourceMetadataUrl: METADATA_URL,
});

describe('the authenticate hook', () => {
  it('passes the AuthInfo to the endpoint as context.auth', async () => {
    const endpoint = scripted(async function* (message) {
      yield { jsonrpc: '2.0', id: message.id as number, result: { resultType: 'complete' } };
    });
    const response = await handlerFor(endpoint, { authenticate })(
      post(request(1), { authorization: 'Bearer good' }),
    );
    expect(response.status).toBe(200);
    expect(endpoint.seen[0]!.context.auth).toEqual(tokens.good);
  });

  it('sends the Response it returns instead of serving the request, before reading the body', async () => {
    const endpoint = scripted(async function* () {});
    const refuse = () => new Response('go away', { status: 401, headers: { 'www-authenticate': 'Bearer' } });
    const response = await handlerFor(endpoint, { authenticate: refuse, maxBodyBytes: 1 })(post(request(1)));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.text()).toBe('go away');
    expect(endpoint.seen).toHaveLength(0);
  });

  it('sends a Response of another realm or class (recognised by shape) instead of serving', async () => {
    const endpoint = scripted(async function* () {});
    const foreign = {
      status: 401,
      statusText: 'Unauthorized',
      headers: new Map([['www-authenticate', 'Bearer']]),
      body: null,
      arrayBuffer: async () => new TextEncoder().encode('go away').buffer,
    };
    const authenticate = (() => foreign) as unknown as Authenticate;
    const response = await handlerFor(endpoint, { authenticate })(post(request(1)));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.text()).toBe('go away');
    expect(endpoint.seen).toHaveLength(0);
  });

  it.each([
    ['a string', 'alice'],
    ['null', null],
    ['a number', 42],
    ['an array', [{ principal: 'alice' }]],
    ['a class instance', new (class Principal {})()],
    ['a Map', new Map([['principal', 'alice']])],
  ])('a hook that returns %s is 500 with -32603 and is never served', async (_, value) => {
    const endpoint = scripted(async function* () {});
    const authenticate = (() => value) as unknown as Authenticate;
    const response = await handlerFor(endpoint, { authenticate })(post(request(1)));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe(-32603);
    expect(endpoint.seen).toHaveLength(0);
  });

  it('an AuthInfo object literal, even without a prototype, is served', async () => {
    const endpoint = scripted(async function* (message) {
      yield { jsonrpc: '2.0', id: message.id as number, result: { resultType: 'complete' } };
    });
    const auth = Object.assign(Object.create(null) as AuthInfo, { principal: 'alice' });
    const response = await handlerFor(endpoint, { authenticate: () => auth })(post(request(1)));
    expect(response.status).toBe(200);
    expect(endpoint.seen[0]!.context.auth).toBe(auth);
  });

  it('adds CORS headers to the hook response for an allowed origin', async () => {
    const refuse = () => new Response(null, { status: 401 });
    const response = await handlerFor(echo, { authenticate: refuse })(
      post(request(1), { origin: 'http://localhost:5173' }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('lets anonymous callers through when it returns undefined', async () => {
    const response = await handlerFor(echo, { authenticate: () => undefined })(post(request(1)));
    expect(response.status).toBe(200);
  });

  it('a hook that throws is 500 with -32603, not a crash', async () => {
    const response = await handlerFor(echo, {
      authenticate: () => {
        throw new Error('verifier down');
      },
    })(post(request(1)));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe(-32603);
  });

  it('sees the method, absolute URL and headers', async () => {
    let seen: { method: string; url: string; auth: string | null } | undefined;
    await handlerFor(echo, {
      authenticate: (info) => {
        seen = { method: info.method, url: info.url, auth: info.headers.get('authorization') };
        return undefined;
      },
    })(post(request(1), { authorization: 'Bearer x' }));
    expect(seen).toEqual({ method: 'POST', url: 'http://localhost:3000/mcp', auth: 'Bearer x' });
  });
});

describe('bearerAuth', () => {
  const handler = handlerFor(echo, { authenticate });

  it('A-5, A-9: no token is 401 with a challenge naming the resource metadata and scope', async () => {
    const response = await handler(post(request(1)));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer scope="mcp:tools", resource_metadata="${METADATA_URL}"`,
    );
  });

  it('A-7: an unknown token is 401 invalid_token', async () => {
    const response = await handler(post(request(1), { authorization: 'Bearer forged' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('A-7: an expired token is 401 invalid_token', async () => {
    const response = await handler(post(request(1), { authorization: 'Bearer stale' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('expired');
  });

  it('A-9, A-10: a token without a required scope is 403 insufficient_scope listing the scopes', async () => {
    const response = await handler(post(request(1), { authorization: 'Bearer narrow' }));
    expect(response.status).toBe(403);
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="mcp:tools"');
    expect(challenge).toContain(`resource_metadata="${METADATA_URL}"`);
  });

  it('A-9: a malformed Authorization header is 400 invalid_request', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b']) {
      const response = await handler(post(request(1), { authorization: header }));
      expect(response.status, header).toBe(400);
      expect(response.headers.get('www-authenticate')).toContain('invalid_request');
    }
  });

  it('a valid token with the scope is served, case-insensitively on the scheme', async () => {
    expect((await handler(post(request(1), { authorization: 'bearer good' }))).status).toBe(200);
  });

  it('a control character in a challenge parameter becomes a space, never a raw byte in the header', async () => {
    const strict = handlerFor(echo, {
      authenticate: bearerAuth({
        verifyToken: () => undefined,
        requiredScopes: ['mcp:\u0007tools'],
        resourceMetadataUrl: 'https://mcp.example.com/\u001bmeta',
      }),
    });
    const response = await strict(post(request(1)));
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer scope="mcp: tools", resource_metadata="https://mcp.example.com/ meta"',
    );
  });

  it('optional: requests without a token pass anonymously, bad tokens still fail', async () => {
    const optional = handlerFor(echo, {
      authenticate: bearerAuth({ verifyToken: (token) => tokens[token], optional: true }),
    });
    expect((await optional(post(request(1)))).status).toBe(200);
    const bad = await optional(post(request(1), { authorization: 'Bearer forged' }));
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The access token is invalid"',
    );
  });
});

describe('the challenge an endpoint attaches to an authorization refusal', () => {
  it('reaches the HTTP response with its status (an authorization layer’s 403 challenge)', async () => {
    const challenge = 'Bearer error="insufficient_scope", scope="files:write"';
    const endpoint = scripted(async function* (message) {
      const error = new McpError(-31403, 'Insufficient scope', undefined, { reason: 'forbidden', challenge });
      yield errorFinal(error, message.id as number);
    });
    const response = await handlerFor(endpoint)(post(request(1), { origin: 'http://localhost' }));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(challenge);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate');
    expect(await response.json()).toMatchObject({ id: 1, error: { code: -31403 } });
  });
});
