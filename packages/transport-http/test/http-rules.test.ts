import { describe, expect, it } from 'vitest';
import { echo, request, scripted } from './helpers/endpoints.js';
import { handlerFor, mcpHeaders, post, URL_BASE } from './helpers/http.js';

const handler = handlerFor(echo);

async function errorBody(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json');
  return (await response.json()) as {
    jsonrpc: string;
    id?: unknown;
    error: { code: number; message: string };
  };
}

describe('methods', () => {
  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])('H-1, H-38: %s is 405 with Allow: POST', async (method) => {
    const response = await handler(new Request(URL_BASE, { method, headers: mcpHeaders() }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const body = await errorBody(response);
    expect(body.error.code).toBe(-32600);
    expect(body).not.toHaveProperty('id');
  });

  it('H-38: OPTIONS without a CORS preflight is 405 too', async () => {
    const response = await handler(new Request(URL_BASE, { method: 'OPTIONS' }));
    expect(response.status).toBe(405);
  });

  it('H-38: Mcp-Session-Id and Last-Event-ID are ignored and never minted', async () => {
    const response = await handler(
      post(request(1), { 'mcp-session-id': 'stale-session', 'last-event-id': '42' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({ id: 1, result: { resultType: 'complete' } });
  });
});

describe('DNS-rebinding protection (H-2)', () => {
  it('H-2: a present Origin that is not allowed is 403 with an id-less JSON-RPC error', async () => {
    const response = await handler(post(request(7), { origin: 'http://evil.example.com' }));
    expect(response.status).toBe(403);
    const body = await errorBody(response);
    expect(body).not.toHaveProperty('id');
    expect(body.error.code).toBe(-32600);
    expect(echo.seen.some((s) => (s.message as { id?: unknown }).id === 7)).toBe(false);
  });

  it('H-2: a Host that is not allowed is 403 (what dns-rebinding-protection sends)', async () => {
    const attack = post(request(1), { host: 'evil.example.com', origin: 'http://evil.example.com' });
    expect((await handler(attack)).status).toBe(403);
    const hostOnly = post(request(1), { host: 'evil.example.com' });
    expect((await handler(hostOnly)).status).toBe(403);
  });

  it.each([
    ['localhost:3000', 'http://localhost:3000'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['[::1]:9000', 'https://[::1]:9000'],
    ['LOCALHOST', 'http://LocalHost'],
  ])('H-2: localhost Host %s with Origin %s is served by default', async (host, origin) => {
    const response = await handler(post(request(1), { host, origin }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('H-2: a request without Origin (not from a browser) is allowed', async () => {
    const response = await handler(post(request(1), { host: 'localhost:1234' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('H-2: the URL host stands in when a runtime keeps Host out of the headers', async () => {
    const response = await handler(post(request(1), {}, 'http://evil.example.com/mcp'));
    expect(response.status).toBe(403);
  });

  it('H-2: a public deployment lists its hosts; their origins follow', async () => {
    const publicHandler = handlerFor(echo, { allowedHosts: ['mcp.example.com'] });
    const ok = post(request(1), { host: 'mcp.example.com', origin: 'https://mcp.example.com' });
    expect((await publicHandler(ok)).status).toBe(200);
    const local = post(request(1), { host: 'localhost:3000' });
    expect((await publicHandler(local)).status).toBe(403);
    const otherOrigin = post(request(1), { host: 'mcp.example.com', origin: 'https://evil.example.com' });
    expect((await publicHandler(otherOrigin)).status).toBe(403);
  });

  it('H-2: an explicit origin list is matched exactly; "*" turns a check off', async () => {
    const listed = handlerFor(echo, { allowedOrigins: ['https://app.example.com'] });
    const app = post(request(1), { host: 'localhost', origin: 'https://app.example.com' });
    expect((await listed(app)).status).toBe(200);
    const local = post(request(1), { host: 'localhost', origin: 'http://localhost' });
    expect((await listed(local)).status).toBe(403);

    const open = handlerFor(echo, { allowedHosts: '*' });
    const anywhere = post(request(1), { host: 'evil.example.com', origin: 'http://evil.example.com' });
    expect((await open(anywhere)).status).toBe(200);
    const anyOrigin = handlerFor(echo, { allowedHosts: '*', allowedOrigins: '*' });
    const crossOrigin = post(request(1), { host: 'mcp.example.com', origin: 'https://evil.attacker' });
    expect((await anyOrigin(crossOrigin)).status).toBe(200);
  });

  it('H-2: allowedHosts "*" alone admits only same-origin browser requests, and CORS echoes no other origin', async () => {
    const open = handlerFor(echo, { allowedHosts: '*' });
    const crossOrigin = await open(
      post(request(1), { host: 'mcp.example.com', origin: 'https://evil.attacker' }),
    );
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBeNull();
    const sameOrigin = await open(
      post(request(1), { host: 'mcp.example.com', origin: 'https://mcp.example.com' }),
    );
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBe('https://mcp.example.com');
  });

  it('H-2: Origin "null" (sandboxed frames, files) is refused', async () => {
    expect((await handler(post(request(1), { origin: 'null' }))).status).toBe(403);
  });
});

describe('CORS for allowed browser origins', () => {
  it('answers a preflight from an allowed origin with the requested headers', async () => {
    const response = await handler(
      new Request(URL_BASE, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, mcp-method, mcp-protocol-version',
        },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type, mcp-method, mcp-protocol-version',
    );
  });

  it('H-2: refuses a preflight from an origin that is not allowed', async () => {
    const response = await handler(
      new Request(URL_BASE, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
      }),
    );
    expect(response.status).toBe(403);
  });
});

describe('Accept and Content-Type', () => {
  it('406 when Accept allows neither JSON nor SSE', async () => {
    const response = await handler(post(request(1), { accept: 'text/html' }));
    expect(response.status).toBe(406);
    expect((await errorBody(response)).error.code).toBe(-32600);
  });

  it('406 when both types are refused with q=0', async () => {
    const accept = 'application/json;q=0, text/event-stream;q=0, text/html';
    expect((await handler(post(request(1), { accept }))).status).toBe(406);
  });

  it.each(['*/*', 'application/json', 'text/event-stream', 'application/*, text/*'])(
    'H-5: Accept %s is served (lenient: the spec defines no 406)',
    async (accept) => {
      expect((await handler(post(request(1), { accept }))).status).toBe(200);
    },
  );

  it('a request without Accept is served', async () => {
    const headers = mcpHeaders();
    delete headers.accept;
    const response = await handler(
      new Request(URL_BASE, { method: 'POST', headers, body: JSON.stringify(request(1)) }),
    );
    expect(response.status).toBe(200);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    '415 for a %s body',
    async (contentType) => {
      const response = await handler(post(request(1), { 'content-type': contentType }));
      expect(response.status).toBe(415);
      expect((await errorBody(response)).error.code).toBe(-32600);
    },
  );

  it.each(['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.example+json'])(
    'H-10: %s is accepted as JSON',
    async (contentType) => {
      expect((await handler(post(request(1), { 'content-type': contentType }))).status).toBe(200);
    },
  );

  it('H-10: a body without Content-Type is accepted', async () => {
    const headers = mcpHeaders();
    delete headers['content-type'];
    const body = new Blob([JSON.stringify(request(1))]).stream();
    const response = await handler(
      new Request(URL_BASE, { method: 'POST', headers, body, duplex: 'half' } as RequestInit),
    );
    expect(response.status).toBe(200);
  });
});

describe('body size', () => {
  const small = handlerFor(echo, { maxBodyBytes: 64 });

  it('413 with a JSON-RPC error when Content-Length is over the limit', async () => {
    const response = await small(
      post({ ...request(1), padding: 'x'.repeat(100) }, { 'content-length': '180' }),
    );
    expect(response.status).toBe(413);
    expect((await errorBody(response)).error.message).toContain('64 bytes');
  });

  it('413 when a streamed body without Content-Length grows past the limit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        controller.enqueue(new TextEncoder().encode('x'.repeat(40)));
        if (sent === 1000) controller.close();
      },
    });
    const response = await small(
      new Request(URL_BASE, { method: 'POST', headers: mcpHeaders(), body, duplex: 'half' } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(1000);
  });

  it('the default limit is 4 MiB', async () => {
    const big = JSON.stringify({ ...request(1), padding: 'x'.repeat(4 * 1024 * 1024) });
    expect((await handler(post(big))).status).toBe(413);
    const fits = JSON.stringify({ ...request(1), padding: 'x'.repeat(4 * 1024 * 1024 - 1000) });
    expect((await handler(post(fits))).status).toBe(200);
  });
});

describe('JSON parsing', () => {
  it.each(['{not json', '', '{"jsonrpc":"2.0",'])('P-2: %j is 400 with -32700 and no id', async (text) => {
    const response = await handler(post(text));
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.error.code).toBe(-32700);
    expect(body).not.toHaveProperty('id');
  });

  it('P-2: a body that is not UTF-8 is -32700', async () => {
    const response = await handler(
      new Request(URL_BASE, {
        method: 'POST',
        headers: mcpHeaders(),
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
    );
    expect(response.status).toBe(400);
    expect((await errorBody(response)).error.code).toBe(-32700);
  });

  it('valid JSON of any shape goes to the endpoint, which validates it', async () => {
    const endpoint = scripted(async function* () {});
    const shapes = handlerFor(endpoint);
    await shapes(post('[1,2]'));
    await shapes(post('null'));
    expect(endpoint.seen.map((s) => s.message)).toEqual([[1, 2], null]);
  });
});

describe('routing', () => {
  it('with `path`, other paths are 404 without a JSON-RPC body', async () => {
    const routed = handlerFor(echo, { path: '/mcp' });
    expect((await routed(post(request(1)))).status).toBe(200);
    const elsewhere = await routed(post(request(1), {}, 'http://localhost:3000/other'));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toBe('Not Found');
  });

  it('A-4, A-5: serves Protected Resource Metadata at the root and path-inserted well-known URIs', async () => {
    const metadata = {
      resource: 'http://localhost:3000/mcp',
      authorization_servers: ['https://as.example.com'],
    };
    const withMetadata = handlerFor(echo, { protectedResourceMetadata: metadata, path: '/mcp' });
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const response = await withMetadata(new Request(`http://localhost:3000${path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual(metadata);
    }
    const head = await withMetadata(
      new Request('http://localhost:3000/.well-known/oauth-protected-resource', { method: 'HEAD' }),
    );
    expect(head.status).toBe(200);
    const postMetadata = await withMetadata(
      post({}, {}, 'http://localhost:3000/.well-known/oauth-protected-resource'),
    );
    expect(postMetadata.status).toBe(405);
    expect(postMetadata.headers.get('allow')).toBe('GET, HEAD');
  });

  it('A-5: protectedResourceMetadata may be a function of the request, sync or async', async () => {
    const seen: string[] = [];
    const byRequest = handlerFor(echo, {
      protectedResourceMetadata: async ({ method, url, headers }) => {
        seen.push(`${method} ${url} ${headers.get('x-tenant')}`);
        return { resource: new URL('/mcp', url).href, authorization_servers: ['https://as.example.com'] };
      },
    });
    const url = 'http://localhost:3000/.well-known/oauth-protected-resource/mcp';
    const response = await byRequest(new Request(url, { headers: { 'x-tenant': 'acme' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      resource: 'http://localhost:3000/mcp',
      authorization_servers: ['https://as.example.com'],
    });
    expect(seen).toEqual([`GET ${url} acme`]);
    const head = await byRequest(new Request(url, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await byRequest(post({}, {}, url))).status).toBe(405);
    expect(seen).toHaveLength(2);

    const sync = handlerFor(echo, { protectedResourceMetadata: () => ({ resource: 'x' }) });
    expect(await (await sync(new Request(url))).json()).toEqual({ resource: 'x' });
  });

  it('A-5: a metadata function may answer with its own Response, which gets CORS headers', async () => {
    const own = handlerFor(echo, {
      protectedResourceMetadata: () =>
        new Response('{"resource":"x"}', {
          headers: { 'content-type': 'application/json', 'cache-control': 'max-age=60' },
        }),
    });
    const response = await own(
      new Request('http://localhost:3000/.well-known/oauth-protected-resource', {
        headers: { origin: 'http://localhost:5173' },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await response.json()).toEqual({ resource: 'x' });
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('metadata store down');
      },
    ],
    ['returns a string', () => 'resource'],
    ['returns null', () => null],
  ])('a metadata function that %s is 500 with -32603', async (_, make) => {
    const broken = handlerFor(echo, {
      protectedResourceMetadata: make as unknown as () => Record<string, unknown>,
    });
    const response = await broken(new Request('http://localhost:3000/.well-known/oauth-protected-resource'));
    expect(response.status).toBe(500);
    const body = await errorBody(response);
    expect(body.error.code).toBe(-32603);
    expect(body.error.message).not.toContain('metadata store down');
  });

  it('H-2: the metadata endpoint is behind the same Host/Origin checks', async () => {
    const withMetadata = handlerFor(echo, { protectedResourceMetadata: { resource: 'x' } });
    const response = await withMetadata(
      new Request('http://localhost:3000/.well-known/oauth-protected-resource', {
        headers: { origin: 'https://evil.example.com' },
      }),
    );
    expect(response.status).toBe(403);
  });
});

describe('options', () => {
  it('rejects nonsense options at construction', () => {
    expect(() => handlerFor(echo, { maxBodyBytes: -1 })).toThrow(RangeError);
    expect(() => handlerFor(echo, { keepAliveMs: Number.NaN })).toThrow(RangeError);
    expect(() => handlerFor(echo, { path: 'mcp' })).toThrow(RangeError);
    expect(() => handlerFor(echo, { allowedHosts: ['exa mple.com'] })).toThrow(RangeError);
  });

  it('H-15: keepAliveMs past the longest timer delay is a RangeError (timers would fire every 1 ms)', () => {
    expect(() => handlerFor(echo, { keepAliveMs: 2 ** 31 })).toThrow(RangeError);
    expect(() => handlerFor(echo, { keepAliveMs: Number.MAX_SAFE_INTEGER })).toThrow(RangeError);
    expect(() => handlerFor(echo, { keepAliveMs: 2 ** 31 - 1 })).not.toThrow();
  });
});
