// The inspector's choice of transport: the 2025 HTTP+SSE transport forced by --transport sse or by the
// page's Connection form, against apps/everything-server served over HTTP+SSE only, in headless Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Inspector, startInspector } from './inspector.js';
import { chromiumBinary, launchBrowser, openConnected, selectTool, takeErrors } from './page.js';
import { mcpkit, type RunningServer, startEverythingHttp, startServer } from './run.js';

const HTTP_SSE_SERVER = new URL('./fixtures/http-sse-server.mjs', import.meta.url).pathname;

let browser: Browser;
let sseServer: RunningServer;
let streamable: RunningServer;
let forced: Inspector;
let chosen: Inspector;
let refused: Inspector;

beforeAll(async () => {
  if (chromiumBinary.path === undefined) return;
  [browser, sseServer, streamable] = await Promise.all([
    launchBrowser(),
    startServer(process.execPath, [HTTP_SSE_SERVER]),
    startEverythingHttp(),
  ]);
  [forced, chosen, refused] = await Promise.all([
    startInspector(['--transport', 'sse', sseServer.url]),
    startInspector([sseServer.url]),
    startInspector([streamable.url]),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([forced?.stop(), chosen?.stop(), refused?.stop()]);
  await Promise.all([sseServer?.stop(), streamable?.stop()]);
});

afterEach(async () => {
  for (const context of browser?.contexts() ?? []) await context.close();
  expect(takeErrors()).toEqual([]);
});

function protocolEntries(page: Page) {
  return page.getByRole('list', { name: 'Protocol messages' }).getByRole('listitem');
}

/** The first request the inspector sent over HTTP that the protocol view still shows. */
function firstRequest(page: Page) {
  return protocolEntries(page)
    .filter({ hasText: /^->HTTP (GET|POST) / })
    .first()
    .textContent();
}

describe('the transport options of mcpkit inspect', () => {
  it('refuses --transport sse for a stdio server and with the 2026-07-28 era', async () => {
    const stdio = await mcpkit(['inspect', '--no-open', '--transport', 'sse', '--', 'node', 'server.js']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('HTTP+SSE needs a server URL');
    const modern = await mcpkit([
      'inspect',
      '--no-open',
      '--transport',
      'sse',
      '--era',
      '2026-07-28',
      'http://127.0.0.1:9/',
    ]);
    expect(modern.code).toBe(2);
    expect(modern.stderr).toContain('HTTP+SSE is a 2025-era transport');
  });
});

describe.skipIf(chromiumBinary.path === undefined)('the inspector over HTTP+SSE', () => {
  it('connects over HTTP+SSE at once with --transport sse, and calls test_simple_text', async () => {
    const page = await openConnected(browser, forced.url);
    const connection = page.getByRole('form', { name: 'Connection' });
    expect(await connection.getByRole('combobox', { name: 'Transport' }).inputValue()).toBe('sse');
    await selectTool(page, 'test_simple_text');
    await page.getByRole('button', { name: 'Call' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText('This is a simple text response for testing.')
      .waitFor();
    await page.getByRole('button', { name: 'Protocol', exact: true }).click();
    // The stream is opened first: no Streamable HTTP probe, no refused initialize POST.
    await expect.poll(() => firstRequest(page)).toMatch(/^->HTTP GET .*\/sse/);
    expect(await protocolEntries(page).filter({ hasText: 'server/discover' }).count()).toBe(0);
    await protocolEntries(page)
      .filter({ hasText: /HTTP POST .*\/message\?sessionId=/ })
      .first()
      .waitFor();
  });

  it('reconnects over HTTP+SSE when the Connection form chooses it', async () => {
    const page = await openConnected(browser, chosen.url);
    await page.getByRole('button', { name: 'Protocol', exact: true }).click();
    // Launched with Streamable HTTP, it probed first and fell back.
    await protocolEntries(page).filter({ hasText: 'server/discover' }).first().waitFor();
    await page.getByRole('button', { name: 'Clear protocol view' }).click();
    const connection = page.getByRole('form', { name: 'Connection' });
    await connection.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'HTTP+SSE (2025)' });
    await connection.getByRole('button', { name: 'Reconnect' }).click();
    await protocolEntries(page)
      .filter({ hasText: /^->initialize/ })
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
    await expect.poll(() => firstRequest(page)).toMatch(/^->HTTP GET .*\/sse/);
    expect(await protocolEntries(page).filter({ hasText: 'server/discover' }).count()).toBe(0);
  });

  it('says so when the server has no HTTP+SSE, and reconnects with Streamable HTTP', async () => {
    const page = await openConnected(browser, refused.url);
    const connection = page.getByRole('form', { name: 'Connection' });
    await connection.getByRole('combobox', { name: 'Transport' }).selectOption('sse');
    await connection.getByRole('combobox', { name: 'Era' }).selectOption('2026-07-28');
    await connection.getByRole('button', { name: 'Reconnect' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Not connected: HTTP+SSE is a 2025-era transport: choose era 2025-11-25 or auto');
    await connection.getByRole('combobox', { name: 'Era' }).selectOption('auto');
    await connection.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/does not serve HTTP\+SSE/);
    await connection.getByRole('combobox', { name: 'Transport' }).selectOption('http');
    await connection.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
  });
});
