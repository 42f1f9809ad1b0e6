// The inspector's Tasks pane and session export in real headless Chromium, driven by role and name.
import { readFile } from 'node:fs/promises';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport, replaySession } from '@mcpkit/protocol';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Inspector, startInspector } from './inspector.js';
import { EVERYTHING_STDIO } from './run.js';

const CHROMIUM = new URL('../../../runtimes/lib/chromium.mjs', import.meta.url).href;
const { ensureChromium } = (await import(CHROMIUM)) as {
  ensureChromium(): { path?: string; missing?: string };
};
const chromiumBinary = ensureChromium();

let browser: Browser;
let inspector: Inspector;
const consoleErrors: string[] = [];

beforeAll(async () => {
  if (chromiumBinary.path === undefined) return;
  [browser, inspector] = await Promise.all([
    chromium.launch({ executablePath: chromiumBinary.path }),
    startInspector(EVERYTHING_STDIO),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await inspector?.stop();
});

async function open(): Promise<Page> {
  const page = await browser.newPage({ acceptDownloads: true });
  page.setDefaultTimeout(10_000);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(inspector.url);
  await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
  return page;
}

afterEach(async () => {
  for (const context of browser?.contexts() ?? []) await context.close();
  expect(consoleErrors.splice(0)).toEqual([]);
});

async function callSlowCompute(page: Page, seconds: string, label: string): Promise<void> {
  await page
    .getByRole('list', { name: 'Tools' })
    .getByRole('button', { name: 'slow_compute', exact: true })
    .click();
  const form = page.getByRole('form', { name: 'Arguments of slow_compute' });
  await form.getByRole('spinbutton', { name: 'seconds' }).fill(seconds);
  await form.getByRole('textbox', { name: 'label' }).fill(label);
  await form.getByRole('button', { name: 'Call' }).click();
}

describe.skipIf(chromiumBinary.path === undefined)('the inspector page with tasks', () => {
  it('follows a task: it appears, its status moves to completed and its result shows', async () => {
    const page = await open();
    await callSlowCompute(page, '0.3', 'sums');
    await page.getByRole('region', { name: 'Result' }).getByText('Computed sums after 0.3s').waitFor();
    await page.getByRole('button', { name: 'Tasks', exact: true }).click();
    const task = page
      .getByRole('list', { name: 'Tasks' })
      .getByRole('listitem', { name: /\(slow_compute\)$/ });
    await expect.poll(() => task.getByRole('status').textContent()).toBe('completed');
    await task.getByText(/Computed sums after 0\.3s/).waitFor();
    expect(await task.getByRole('button', { name: /^Cancel task / }).isDisabled()).toBe(true);
  });

  it('cancels a long task from its Cancel button, and shows it cancelled', async () => {
    const page = await open();
    await callSlowCompute(page, '60', 'forever');
    await page.getByRole('button', { name: 'Tasks', exact: true }).click();
    const task = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
    await expect.poll(() => task.getByRole('status').textContent()).toBe('working');
    await task.getByRole('button', { name: /^Cancel task .* \(slow_compute\)$/ }).click();
    await expect.poll(() => task.getByRole('status').textContent()).toBe('cancelled');
  });

  it('exports the session as JSON holding the calls made', async () => {
    const page = await open();
    await page
      .getByRole('list', { name: 'Tools' })
      .getByRole('button', { name: 'test_simple_text', exact: true })
      .click();
    await page.getByRole('button', { name: 'Call' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText('This is a simple text response for testing.')
      .waitFor();
    await page.getByRole('button', { name: 'Protocol', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export session as JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mcpkit-session.json');
    const session = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(session).toMatchObject({ format: 'mcpkit-inspector-session', version: 1 });
    expect(session.target).toContain('everything');
    const call = session.messages.find(
      (entry: { direction: string; message: { method?: string; params?: { name?: string } } }) =>
        entry.direction === 'out' &&
        entry.message.method === 'tools/call' &&
        entry.message.params?.name === 'test_simple_text',
    );
    expect(call).toBeDefined();
    const answer = session.messages.find(
      (entry: { direction: string; message: { id?: unknown } }) =>
        entry.direction === 'in' && entry.message.id === call.message.id,
    );
    expect(answer.request).toBe(call.message.id);
    expect(JSON.stringify(answer.message)).toContain('This is a simple text response for testing.');
    // The in-memory test kit replays the file: a client gets the recorded answers.
    const client = new McpClient(createInMemoryTransport(replaySession(session)), {
      clientInfo: { name: 'replay', version: '1.0.0' },
    });
    await client.connect();
    expect((await client.callTool('test_simple_text', {})).content).toEqual([
      { type: 'text', text: 'This is a simple text response for testing.' },
    ]);
    await client.close();
  });
});
