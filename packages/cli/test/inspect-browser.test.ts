// The inspector's page in real headless Chromium (the system's, as the runtime matrix finds it),
// driven by role and accessible name as a person would. The screenshots in docs/ come from here.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Inspector, startInspector } from './inspector.js';
import { shoot } from './page.js';
import { EVERYTHING_STDIO, type RunningServer, startEverythingHttp } from './run.js';

const CHROMIUM = new URL('../../../runtimes/lib/chromium.mjs', import.meta.url).href;
const { ensureChromium } = (await import(CHROMIUM)) as {
  ensureChromium(): { path?: string; missing?: string };
};
const chromiumBinary = ensureChromium();
/** A name that the browser resolves to 127.0.0.1, as a DNS rebinding attack would make it. */
const REBOUND = 'rebound.example';

let browser: Browser;
let context: BrowserContext;
let stdio: Inspector;
let legacy: Inspector;
let httpServer: RunningServer;
let overHttp: Inspector;
const consoleErrors: string[] = [];

beforeAll(async () => {
  if (chromiumBinary.path === undefined) return;
  [browser, stdio, httpServer] = await Promise.all([
    chromium.launch({
      executablePath: chromiumBinary.path,
      args: [`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`],
    }),
    startInspector(EVERYTHING_STDIO),
    startEverythingHttp(),
  ]);
  [overHttp, legacy] = await Promise.all([
    startInspector([httpServer.url]),
    startInspector(['--era', '2025-11-25', httpServer.url]),
  ]);
  context = await browser.newContext({ viewport: { width: 1100, height: 720 }, colorScheme: 'light' });
  context.setDefaultTimeout(10_000);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([stdio?.stop(), overHttp?.stop(), legacy?.stop()]);
  await httpServer?.stop();
});

async function open(inspector: Inspector, url = inspector.url): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(url);
  return page;
}

afterEach(async () => {
  for (const page of context?.pages() ?? []) await page.close();
  expect(consoleErrors.splice(0)).toEqual([]);
});

async function selectTool(page: Page, name: string): Promise<void> {
  await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
}

describe.skipIf(chromiumBinary.path === undefined)('the inspector page', () => {
  it('lists the tools over stdio and calls test_simple_text', async () => {
    const page = await open(stdio);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
    await selectTool(page, 'test_simple_text');
    await page.getByRole('button', { name: 'Call' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText('This is a simple text response for testing.').waitFor();
    expect(await page.getByRole('list', { name: 'Tools' }).getByRole('listitem').count()).toBeGreaterThan(20);
    await shoot(page, 'inspector-tools');
  });

  it('shows the progress of test_tool_with_progress in a progress bar', async () => {
    const page = await open(stdio);
    await selectTool(page, 'test_tool_with_progress');
    await page.getByRole('button', { name: 'Call' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Progress test completed').waitFor();
    const bar = page.getByRole('progressbar', { name: 'Progress of test_tool_with_progress' });
    await expect.poll(() => bar.getAttribute('value')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toBe('Done');
  });

  it('hears the list change test_trigger_tool_change makes', async () => {
    const page = await open(stdio);
    await selectTool(page, 'test_trigger_tool_change');
    await page.getByRole('button', { name: 'Call' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText(/Tool list changed/)
      .waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const heard = page.getByRole('list', { name: 'Notifications and logs' }).getByRole('listitem');
    await heard.filter({ hasText: 'notifications/tools/list_changed' }).first().waitFor();
  });

  it('builds a form from a JSON Schema with a $ref, a nested object and an enum, and calls with it', async () => {
    const page = await open(stdio);
    await selectTool(page, 'json_schema_2020_12_tool');
    const form = page.getByRole('form', { name: 'Arguments of json_schema_2020_12_tool' });
    await form.getByRole('textbox', { name: 'name' }).fill('Ada');
    const address = form.getByRole('group', { name: 'address' });
    await address.getByRole('textbox', { name: 'city' }).fill('Paris');
    await form.getByRole('combobox', { name: 'contactMethod' }).selectOption('email');
    await form.getByRole('textbox', { name: 'email' }).fill('ada@example.com');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'inspector-form-dark');
    await form.getByRole('button', { name: 'Call' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText(
        'Contact saved: {"name":"Ada","address":{"city":"Paris"},"contactMethod":"email","email":"ada@example.com"}',
      )
      .waitFor();
  });

  it('shows the log messages of test_logging_tool', async () => {
    const page = await open(stdio);
    await selectTool(page, 'test_logging_tool');
    await page.getByRole('button', { name: 'Call' }).click();
    await page.getByRole('region', { name: 'Result' }).locator('pre').first().waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const heard = page.getByRole('list', { name: 'Notifications and logs' }).getByRole('listitem');
    await expect
      .poll(() =>
        heard.filter({ hasText: / log (debug|info|notice|warning|error|critical|alert|emergency)/ }).count(),
      )
      .toBeGreaterThanOrEqual(3);
  });

  it('answers a sampling request by hand', async () => {
    const page = await open(stdio);
    await selectTool(page, 'test_input_required_result_sampling');
    await page.getByRole('button', { name: 'Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks for a model reply' });
    await dialog.getByText(/What is the capital of France\?/).waitFor();
    await dialog.getByRole('textbox', { name: 'Reply' }).fill('Paris');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('The model said: Paris').waitFor();
  });

  it('reads a resource and gets a prompt with arguments', async () => {
    const page = await open(overHttp);
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await page.getByRole('list', { name: 'Resources' }).getByRole('button', { name: 'static-text' }).click();
    await page
      .getByRole('region', { name: 'Resources' })
      .getByText('This is the content of the static text resource.')
      .waitFor();
    await page.getByRole('button', { name: 'Prompts', exact: true }).click();
    await page
      .getByRole('list', { name: 'Prompts' })
      .getByRole('button', { name: 'test_prompt_with_arguments' })
      .click();
    const form = page.getByRole('form', { name: 'Arguments of test_prompt_with_arguments' });
    expect(await form.getByRole('textbox', { name: 'arg1' }).getAttribute('aria-required')).toBe('true');
    await form.getByRole('textbox', { name: 'arg1' }).fill('one');
    await form.getByRole('textbox', { name: 'arg2' }).fill('two');
    await form.getByRole('button', { name: 'Get prompt' }).click();
    await page
      .getByRole('region', { name: 'Prompt messages' })
      .getByText("Prompt with arguments: arg1='one', arg2='two'")
      .waitFor();
  });

  it('reconnects on request', async () => {
    const page = await open(overHttp);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
    await page.getByRole('button', { name: 'Protocol', exact: true }).click();
    const discovers = page
      .getByRole('list', { name: 'Protocol messages' })
      .getByRole('listitem')
      .filter({ hasText: /^->server\/discover/ });
    const before = await discovers.count();
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => discovers.count()).toBe(before + 1);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
  });

  it("answers test_input_required_result_elicitation's dialog with a name", async () => {
    const page = await open(stdio);
    await selectTool(page, 'test_input_required_result_elicitation');
    await page.getByRole('button', { name: 'Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks' });
    await dialog.getByText('What is your name?').waitFor();
    await dialog.getByRole('textbox', { name: 'name' }).fill('Ada');
    await shoot(page, 'inspector-elicitation');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Hello, Ada!').waitFor();
    expect(await dialog.isVisible()).toBe(false);
  });

  it('answers a 2025-era elicitation request in the dialog, and shows the session header', async () => {
    const page = await open(legacy);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
    await selectTool(page, 'test_elicitation');
    await page.getByRole('textbox', { name: 'message' }).fill('Who are you?');
    await page.getByRole('button', { name: 'Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'The server asks' });
    await dialog.getByText('Who are you?').waitFor();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText(/decline/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Protocol', exact: true }).click();
    const messages = page.getByRole('list', { name: 'Protocol messages' });
    await messages
      .getByRole('listitem')
      .filter({ hasText: /elicitation\/create/ })
      .first()
      .waitFor();
    await messages
      .getByText(/mcp-session-id: /i)
      .first()
      .waitFor();
  });

  it("fills test_custom_headers's form over HTTP and shows Mcp-Param-Region in the protocol view", async () => {
    const page = await open(overHttp);
    await selectTool(page, 'test_custom_headers');
    const region = page.getByRole('textbox', { name: 'region' });
    expect(await region.getAttribute('aria-required')).toBe('true');
    await region.fill('eu-west');
    await page.getByRole('textbox', { name: 'query' }).fill('weather');
    await page.getByRole('button', { name: 'Call' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('region=eu-west query=weather').waitFor();
    await page.getByRole('button', { name: 'Protocol', exact: true }).click();
    const messages = page.getByRole('list', { name: 'Protocol messages' });
    await messages.getByText(/mcp-param-region: eu-west/i).waitFor();
    await messages
      .getByText(/mcp-protocol-version: /i)
      .first()
      .waitFor();
    await messages
      .getByRole('listitem')
      .filter({ hasText: /tools\/call #\d+/ })
      .first()
      .waitFor();
    await shoot(page, 'inspector-protocol');
  });

  it('shows no server data to a page opened without the token', async () => {
    const page = await open(stdio, stdio.url.replace(/#token=.*/, ''));
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^No token/);
    expect(await page.getByRole('list', { name: 'Tools' }).getByRole('listitem').count()).toBe(0);
  });

  it('refuses the page and its API under a foreign Host name (DNS rebinding)', async () => {
    const page = await context.newPage();
    const response = await page.goto(stdio.url.replace('127.0.0.1', REBOUND));
    expect(response?.status()).toBe(403);
    expect(await page.content()).not.toContain('test_simple_text');
  });
});
