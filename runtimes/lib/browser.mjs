// The Chromium leg: a page served from http://app.test:<port> (Chromium resolves app.test to loopback)
// runs the smoke client against the smoke server on 127.0.0.1, which lists the page's origin in
// `allowedOrigins` and answers its CORS preflights, then posts what it saw back to the page's server.
// Before that, the page posts to a server with default options, which must refuse its origin with 403.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeHandler, serveHttp } from '@mcpkit/transport-http/node';
import { createSmokeServer } from '../dist/smoke-server.js';
import { start, within } from './processes.mjs';

const PAGE_HOST = 'app.test';
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
  const origin = `http://${PAGE_HOST}:${server.address().port}`;
  return { origin, reported, close: () => server.closeAllConnections() || server.close() };
}

/** A smoke server with default options that records the status of every answer it sends. */
async function serveRecordingStatuses() {
  const statuses = [];
  const handler = createNodeHandler(createSmokeServer());
  const server = createServer((request, response) => {
    response.on('finish', () => statuses.push(response.statusCode));
    return handler(request, response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/mcp`;
  return { url, statuses, close: () => server.closeAllConnections() || server.close() };
}

/** Runs the page in headless Chromium at `binary`; resolves with the smoke report's text. */
export async function smokeInChromium(binary, { here, timeoutMs }) {
  const cleanup = [];
  try {
    const page = await servePage(readFileSync(join(here, 'dist', 'browser.bundle.js')));
    cleanup.push(page.close);
    const refusing = await serveRecordingStatuses();
    cleanup.push(refusing.close);
    const http = await serveHttp(createSmokeServer(), {
      port: 0,
      allowedOrigins: [page.origin],
      closeTimeoutMs: 0,
    });
    cleanup.push(http.close);
    const profile = mkdtempSync(join(tmpdir(), 'mcpkit-chromium-'));
    cleanup.push(() => rmSync(profile, { recursive: true, force: true }));
    const query = `server=${encodeURIComponent(http.url)}&refusing=${encodeURIComponent(refusing.url)}`;
    const browser = start(binary, [...chromiumFlags(profile), `${page.origin}/?${query}`]);
    cleanup.push(browser.stop);
    const ended = browser.exited.then((end) => {
      throw new Error(`chromium exited with ${end} before the page reported\n${browser.text()}`);
    });
    const text = await within(Promise.race([page.reported, ended]), timeoutMs, 'the page in chromium');
    const { refusedByDefault, ...smoke } = JSON.parse(text);
    if (smoke.error) return text;
    if (refusedByDefault !== true || !refusing.statuses.includes(403)) {
      const statuses = refusing.statuses.join(', ') || 'none';
      throw new Error(`a server without allowedOrigins served the page (statuses: ${statuses})`);
    }
    return JSON.stringify(smoke);
  } finally {
    for (const close of cleanup.reverse()) await close();
  }
}

function chromiumFlags(profile) {
  return [
    '--headless',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    `--user-data-dir=${profile}`,
    `--host-resolver-rules=MAP ${PAGE_HOST} 127.0.0.1`,
    // The sandbox needs user namespaces, which root in a container does not get.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
}
