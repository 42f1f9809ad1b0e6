import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OAuthClientError, oauthClient } from '../src/index.js';

type Mode = 'endless' | 'huge Content-Length' | 'normal';

/**
 * A protected resource and its authorization server on one loopback origin, reached through the
 * real `fetch`. Its resource metadata is a normal document, an endless paced body or a huge
 * declared length; `closed` settles when the client lets go of that response.
 */
async function loopbackServer(mode: Mode) {
  let origin = '';
  let written = 0;
  let release: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    release = resolve;
  });
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  const hostile = (response: ServerResponse) => {
    response.on('close', release);
    if (mode === 'huge Content-Length') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 ** 40) });
      response.write('{');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    // Paced, and silent (never ended) after 16 MiB: a reader without a limit times out, not the machine.
    const timer = setInterval(() => {
      if (written >= 16 * 1024 * 1024) return;
      response.write(chunk);
      written += chunk.byteLength;
    }, 2);
    response.on('close', () => clearInterval(timer));
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      if (mode !== 'normal') return hostile(response);
      return json(response, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    }
    if (path === '/.well-known/oauth-authorization-server') {
      return json(response, {
        issuer: origin,
        token_endpoint: `${origin}/token`,
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (path === '/token' && request.method === 'POST') {
      return json(response, { access_token: 'loopback-token', token_type: 'Bearer', expires_in: 3600 });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { origin, closed };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function machineClient(origin: string) {
  return oauthClient(`${origin}/mcp`, {
    grant: { type: 'client_credentials' },
    client: { clientId: 'svc', clientSecret: 'secret' },
    timeoutMs: 5000,
  });
}

describe('login through the real fetch against a loopback server', () => {
  for (const mode of ['endless', 'huge Content-Length'] as const) {
    it(`${mode === 'endless' ? 'an endless' : 'a huge Content-Length'} protected resource metadata response stops the login at 64 KiB and frees the connection`, async () => {
      const { origin, closed } = await loopbackServer(mode);
      const started = Date.now();
      const error = await machineClient(origin)
        .login()
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(OAuthClientError);
      expect(error).toMatchObject({ code: 'response-too-large' });
      expect((error as Error).message).toContain(`${origin}/.well-known/oauth-protected-resource/mcp`);
      expect((error as Error).message).toContain('65536');
      expect(Date.now() - started).toBeLessThan(4000);
      await closed;
    });
  }

  it('normal metadata and token responses still work', async () => {
    const { origin } = await loopbackServer('normal');
    const client = machineClient(origin);
    await client.login();
    expect(await client.headers({ method: 'POST', url: `${origin}/mcp` })).toEqual({
      authorization: 'Bearer loopback-token',
    });
  });
});
