import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Bundles a fixture for the browser, as a user's bundler would. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'fixtures', entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** Serves the page, the two scripts, and resolves `reported` with what the page posts to /report. */
async function servePage(files: Record<string, string>) {
  let deliver!: (text: string) => void;
  const reported = new Promise<string>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/report') {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(204).end();
        deliver(body);
      });
      return;
    }
    const script = files[request.url ?? ''];
    response.writeHead(200, { 'content-type': script === undefined ? 'text/html' : 'text/javascript' });
    response.end(script ?? '<!doctype html><script type="module" src="/page.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, reported, close: () => server.close() };
}

describe.skipIf(!existsSync(CHROMIUM))('MessagePort transport in Chromium', () => {
  it('a page calls, and cancels, tools of a server running in a real Worker', async () => {
    const [page, worker] = await Promise.all([bundle('page.ts'), bundle('worker.ts')]);
    const served = await servePage({ '/page.js': page, '/worker.js': worker });
    const profile = mkdtempSync(join(tmpdir(), 'mcpkit-port-'));
    const browser = spawn(
      CHROMIUM,
      [
        '--headless',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--no-default-browser-check',
        `--user-data-dir=${profile}`,
        // The sandbox needs user namespaces, which root in a container does not get.
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        served.url,
      ],
      // Its own process group: the browser's helper processes end with it.
      { stdio: 'ignore', detached: true },
    );
    const gone = new Promise((resolve) => browser.on('exit', resolve));
    try {
      const exited = new Promise<never>((_, reject) => {
        browser.on('exit', (code) => reject(new Error(`chromium exited (${code}) before the page reported`)));
      });
      const report = JSON.parse(await Promise.race([served.reported, exited]));
      expect(report).toEqual({
        tools: ['echo', 'wait', 'cancels'],
        echoes: ['a', 'b', 'c'],
        aborted: 'RequestAbortedError',
        cancels: '1',
      });
    } finally {
      process.kill(-browser.pid!, 'SIGKILL');
      await gone;
      served.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  });
});
