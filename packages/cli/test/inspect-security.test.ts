import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../src/inspect/guard.js';
import { type Inspector, startInspector } from './inspector.js';
import { EVERYTHING_STDIO, mcpkit, startMcpkit } from './run.js';

/** A raw HTTP request to the inspector, with exactly the headers given (Host included). */
function raw(
  inspector: Inspector,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: inspector.port, path, method, headers, setHost: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.once('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('the guard', () => {
  const settings = { port: 4000, token: 'secret-token' };
  const good = { host: '127.0.0.1:4000', authorization: 'Bearer secret-token' };

  it('lets the page and its API through, by IP or by localhost', () => {
    expect(refusal({ headers: good }, settings, true)).toBeUndefined();
    expect(
      refusal(
        { headers: { ...good, host: 'localhost:4000', origin: 'http://localhost:4000' } },
        settings,
        true,
      ),
    ).toBeUndefined();
    expect(refusal({ headers: { host: '127.0.0.1:4000' } }, settings, false)).toBeUndefined();
  });

  it('refuses a foreign Host, as a rebound DNS name sends it, even with the token', () => {
    for (const host of ['evil.example:4000', '127.0.0.1:4001', '127.0.0.1', 'localhost.evil.example:4000']) {
      expect(refusal({ headers: { ...good, host } }, settings, true)?.status).toBe(403);
    }
    expect(refusal({ headers: { authorization: good.authorization } }, settings, true)?.status).toBe(403);
  });

  it("refuses an Origin other than the page's own", () => {
    for (const origin of ['http://evil.example', 'https://127.0.0.1:4000', 'http://127.0.0.1:4001', 'null']) {
      expect(refusal({ headers: { ...good, origin } }, settings, true)?.status).toBe(403);
    }
  });

  it('refuses the API without the exact token', () => {
    for (const authorization of [
      undefined,
      'Bearer secret',
      'Bearer secret-tokenX',
      'Basic secret-token',
      'secret-token',
    ]) {
      const headers = authorization === undefined ? { host: good.host } : { host: good.host, authorization };
      expect(refusal({ headers }, settings, true)?.status).toBe(401);
    }
  });
});

describe('mcpkit inspect', () => {
  let inspector: Inspector;
  beforeAll(async () => {
    inspector = await startInspector(EVERYTHING_STDIO);
  });
  afterAll(() => inspector?.stop());

  const host = () => `127.0.0.1:${inspector.port}`;
  const bearer = () => `Bearer ${inspector.token}`;

  it('prints one INSPECTOR_URL line with a fresh 32-byte token in the fragment', async () => {
    const other = await startInspector(EVERYTHING_STDIO);
    await other.stop();
    expect(other.token).not.toBe(inspector.token);
    expect(Buffer.from(inspector.token, 'base64url')).toHaveLength(32);
    expect(other.process.stderr()).toBe('');
  });

  it('answers the API with the token', async () => {
    const response = await raw(
      inspector,
      '/api/tools/list',
      { host: host(), authorization: bearer() },
      'POST',
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain('test_simple_text');
  });

  it('refuses the API and the event stream without the token, and gives no data', async () => {
    for (const [path, method] of [
      ['/api/tools/list', 'POST'],
      ['/api/events', 'GET'],
      ['/api/reconnect', 'POST'],
      ['/api/authorize', 'POST'],
    ] as const) {
      const response = await raw(inspector, path, { host: host() }, method);
      expect(response.status).toBe(401);
      expect(response.body).not.toContain('test_simple_text');
      expect(response.body).not.toContain('jsonrpc');
    }
  });

  it('refuses a foreign Host and a foreign Origin, even with the token', async () => {
    const rebound = await raw(
      inspector,
      '/api/tools/list',
      { host: `evil.example:${inspector.port}`, authorization: bearer() },
      'POST',
    );
    expect(rebound.status).toBe(403);
    expect((await raw(inspector, '/', { host: `evil.example:${inspector.port}` })).status).toBe(403);
    const foreign = await raw(
      inspector,
      '/api/tools/list',
      { host: host(), authorization: bearer(), origin: 'http://evil.example' },
      'POST',
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toContain('test_simple_text');
  });

  it('runs OAuth only for a server over HTTP, and takes no OAuth callback by a foreign Host', async () => {
    const stdio = await raw(inspector, '/api/authorize', { host: host(), authorization: bearer() }, 'POST');
    expect(JSON.parse(stdio.body)).toEqual({
      error: { message: 'only a server over HTTP can be authorized: this one runs over stdio' },
    });
    const callback = '/oauth/callback?code=c&state=s';
    expect((await raw(inspector, callback, { host: `evil.example:${inspector.port}` })).status).toBe(403);
    expect((await raw(inspector, callback, { host: host() })).status).toBe(400);
  });

  it('sends no CORS headers, not even to a preflight', async () => {
    const preflight = await raw(
      inspector,
      '/api/tools/list',
      { host: host(), origin: 'http://evil.example', 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    const page = await raw(inspector, '/', { host: host() });
    for (const response of [preflight, page]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('has no API that starts a process, and serves no file outside the page', async () => {
    for (const path of ['/api/spawn', '/api/connect', '/api/exec']) {
      const response = await raw(inspector, path, { host: host(), authorization: bearer() }, 'POST');
      expect(response.status).toBe(404);
    }
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/mcpkit.js', '/inspector/app.js']) {
      expect((await raw(inspector, path, { host: host() })).status).toBe(404);
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    const refused = await new Promise<string>((resolve) => {
      const probe = request6(inspector.port);
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      probe.once('response', () => resolve('answered'));
      probe.end();
    });
    expect(refused).not.toBe('answered');
  });
});

function request6(port: number) {
  return httpRequest({ host: '::1', port, path: '/', headers: { host: `localhost:${port}` } });
}

describe('mcpkit inspect <command> [args...]', () => {
  it('takes the stdio command without --, and refuses one given both ways', async () => {
    const inspector = await startInspector(EVERYTHING_STDIO.slice(1));
    const response = await fetch(`${inspector.origin}/api/tools/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inspector.token}` },
      body: '{}',
    });
    await inspector.stop();
    expect(await response.text()).toContain('test_simple_text');
    const both = await mcpkit(['inspect', '--no-open', 'node', ...EVERYTHING_STDIO]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('name the server once');
  });
});

describe('mcpkit inspect --port', () => {
  it('listens on the port given', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const inspector = await startInspector(['--port', String(free), ...EVERYTHING_STDIO]);
    await inspector.stop();
    expect(inspector.port).toBe(free);
  });
});

describe.skipIf(process.platform === 'win32')('mcpkit inspect without --no-open', () => {
  it('opens the INSPECTOR_URL it prints in the browser ($BROWSER here)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-inspect-open-'));
    const opened = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(browser, 0o755);
    const previous = process.env.BROWSER;
    process.env.BROWSER = browser;
    const run = startMcpkit(['inspect', ...EVERYTHING_STDIO]);
    if (previous === undefined) delete process.env.BROWSER;
    else process.env.BROWSER = previous;
    const line = await run.line((text) => text.startsWith('INSPECTOR_URL='));
    await expect
      .poll(() => readFileSync(opened, 'utf8'), { timeout: 10_000 })
      .toBe(line.slice('INSPECTOR_URL='.length));
    run.signal('SIGTERM');
    await run.ended;
  });
});
