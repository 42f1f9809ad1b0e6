// The Chromium leg: a page served from one origin runs the smoke client against the smoke server on
// another (the server lists the page's origin in `allowedOrigins`, and answers its CORS preflights), then
// posts what it saw back to the page's server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveHttp } from '@mcpkit/transport-http/node';
import { createSmokeServer } from '../dist/smoke-server.js';
import { start, within } from './processes.mjs';

const PAGE =
  '<!doctype html><title>mcpkit runtime smoke</title><script type="module" src="/smoke.js"></script>';

/** Serves the page and its script, and resolves `reported` with the first report the page posts. */
async function servePage(script) {
  let deliver;
  const reported = new Promise((resolve) => {
    deliver = resolve;
  });
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/report') {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(204).end();
        deliver(body);
      });
      return;
    }
    const isScript = request.url === '/smoke.js';
    response.writeHead(200, { 'content-type': isScript ? 'text/javascript' : 'text/html' });
    response.end(isScript ? script : PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, reported, close: () => server.closeAllConnections() || server.close() };
}

/** Runs the page in headless Chromium at `binary`; resolves with the report's text. */
export async function smokeInChromium(binary, { here, timeoutMs }) {
  const page = await servePage(readFileSync(join(here, 'dist', 'browser.bundle.js')));
  const http = await serveHttp(createSmokeServer(), {
    port: 0,
    allowedOrigins: [page.origin],
    closeTimeoutMs: 0,
  });
  const profile = mkdtempSync(join(tmpdir(), 'mcpkit-chromium-'));
  const argv = [
    '--headless',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    `--user-data-dir=${profile}`,
    // The sandbox needs user namespaces, which root in a container does not get.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    `${page.origin}/?server=${encodeURIComponent(http.url)}`,
  ];
  const browser = start(binary, argv);
  try {
    const ended = browser.exited.then((end) => {
      throw new Error(`chromium exited with ${end} before the page reported`);
    });
    return await within(Promise.race([page.reported, ended]), timeoutMs, 'the page in chromium');
  } catch (error) {
    error.message += `\n${browser.text()}`;
    throw error;
  } finally {
    browser.stop();
    await http.close();
    page.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
