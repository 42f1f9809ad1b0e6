// The inspector's Authorize flow against apps/oauth-demo (a real authorization server that consents at
// once), in headless Chromium driven by role and accessible name; and its callback's `state` guard.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Inspector, startInspector } from './inspector.js';
import { shoot } from './page.js';
import { type RunningServer, startServer } from './run.js';

const require = createRequire(import.meta.url);
const OAUTH_DEMO = require.resolve('@mcpkit/oauth-demo/server');
const CHROMIUM = new URL('../../../runtimes/lib/chromium.mjs', import.meta.url).href;
const { ensureChromium } = (await import(CHROMIUM)) as {
  ensureChromium(): { path?: string; missing?: string };
};
const chromiumBinary = ensureChromium();

let browser: Browser;
let context: BrowserContext;
let demo: RunningServer;
let inspector: Inspector;
let config: string;
const consoleErrors: string[] = [];

beforeAll(async () => {
  if (chromiumBinary.path === undefined) return;
  config = await mkdtemp(join(tmpdir(), 'mcpkit-inspect-oauth-'));
  // The inspector keeps its tokens where mcpkit login does: here in the test's folder, never the keychain.
  Object.assign(process.env, { MCPKIT_CONFIG_DIR: config, MCPKIT_TOKEN_KEY: '', MCPKIT_NO_KEYCHAIN: '1' });
  [browser, demo] = await Promise.all([
    chromium.launch({ executablePath: chromiumBinary.path }),
    startServer(process.execPath, [OAUTH_DEMO, '--port', '0']),
  ]);
  inspector = await startInspector([demo.url]);
  context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
  context.setDefaultTimeout(15_000);
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await inspector?.stop();
  await demo?.stop();
  if (config !== undefined) await rm(config, { recursive: true, force: true });
});

afterEach(() => {
  expect(consoleErrors.splice(0)).toEqual([]);
});

/** A request to the inspector's callback as a browser would make it. */
function callback(query: string): Promise<Response> {
  return fetch(`${inspector.origin}/oauth/callback?${query}`);
}

/** The state of `step` as the page's list of authorization steps says it. */
function step(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Authorization steps' })
    .getByRole('listitem', { name: new RegExp(`^${name}: `) });
}

describe.skipIf(chromiumBinary.path === undefined)('the inspector Authorize flow', () => {
  it('the callback refuses a redirect while no authorization waits', async () => {
    const response = await callback('code=stolen&state=anything');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('does not belong to an authorization the inspector started');
  });

  it('walks discovery, registration, authorization and token, lists the tools, and steps up on a 403', async () => {
    const page = await context.newPage();
    await page.goto(inspector.url);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Not connected: /);
    const signIn = page.getByRole('link', { name: 'Open the sign-in page' });
    const stateOf = async () => new URL((await signIn.getAttribute('href'))!).searchParams.get('state')!;
    await page.getByRole('button', { name: 'Authorize' }).click();
    await signIn.waitFor();
    for (const name of [
      'Protected resource metadata',
      'Authorization server metadata',
      'Client registration',
    ]) {
      expect(await step(page, name).getAttribute('aria-label')).toBe(`${name}: done`);
    }
    expect(await step(page, 'Authorization').getAttribute('aria-label')).toBe('Authorization: in progress');

    // Authorize again: the new authorization replaces the first (reusing its registration), whose
    // state is refused from then on.
    const replaced = await stateOf();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect.poll(stateOf).not.toBe(replaced);
    expect((await callback(`code=late&state=${replaced}`)).status).toBe(400);

    // A redirect with another state (a page that guessed the callback's address) is refused, and the
    // flow still waits for its own.
    const state = await stateOf();
    for (const query of ['code=forged', `code=forged&state=${state}x`, 'code=forged&state=']) {
      expect((await callback(query)).status).toBe(400);
    }
    expect(await step(page, 'Authorization').getAttribute('aria-label')).toBe('Authorization: in progress');

    const [signInPage] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
    await signInPage.getByText('Signed in: the inspector goes on.').waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
    for (const name of ['Authorization', 'Token']) {
      await expect.poll(() => step(page, name).getAttribute('aria-label')).toBe(`${name}: done`);
    }
    const tools = page.getByRole('list', { name: 'Tools' });
    await tools.getByRole('button', { name: 'test_simple_text', exact: true }).waitFor();
    await shoot(page, 'inspector-authorize');
    await page.getByRole('button', { name: 'test_simple_text', exact: true }).click();
    await page.getByRole('button', { name: 'Call' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText('This is a simple text response for testing.')
      .waitFor();

    // write_note needs notes:write, which the first authorization did not ask for: the server answers
    // 403 insufficient_scope, and the flow asks again for the wider scopes, shown as a step-up.
    const call = fetch(`${inspector.origin}/api/tools/call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inspector.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { name: 'write_note', arguments: { text: 'hello' } } }),
    });
    const stepUp = page.getByRole('link', { name: 'Open the sign-in page' });
    await step(page, 'Step-up authorization').waitFor();
    expect(await step(page, 'Step-up authorization').getAttribute('aria-label')).toBe(
      'Step-up authorization: in progress',
    );
    expect(new URL((await stepUp.getAttribute('href'))!).searchParams.get('scope')).toContain('notes:write');
    const [stepUpPage] = await Promise.all([context.waitForEvent('page'), stepUp.click()]);
    await stepUpPage.getByText('Signed in: the inspector goes on.').waitFor();
    const answer = (await (await call).json()) as { result?: { result: { content: { text: string }[] } } };
    expect(answer.result?.result.content[0]?.text).toBe('demo-user wrote: hello');
    expect(await step(page, 'Step-up authorization').getAttribute('aria-label')).toBe(
      'Step-up authorization: done',
    );
  });
});
