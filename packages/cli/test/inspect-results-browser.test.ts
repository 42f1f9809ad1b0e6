// What the inspector shows of a call: structured content checked against the output schema, errors by
// code and name, images and audio, arrays in the form, a task's status as it runs; and the whole
// path from the keyboard alone. Headless Chromium, driven by role and accessible name.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Inspector, startInspector } from './inspector.js';
import { chromiumBinary, launchBrowser, openConnected, selectTool, takeErrors } from './page.js';
import { EVERYTHING_STDIO } from './run.js';

const fixture = (name: string) => [
  '--',
  process.execPath,
  new URL(`./fixtures/${name}`, import.meta.url).pathname,
];

let browser: Browser;
let everything: Inspector;
let results: Inspector;
let counter: Inspector;

beforeAll(async () => {
  if (chromiumBinary.path === undefined) return;
  [browser, everything, results, counter] = await Promise.all([
    launchBrowser(),
    startInspector(EVERYTHING_STDIO),
    startInspector(fixture('results-server.mjs')),
    startInspector(fixture('counter-server.mjs')),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([everything?.stop(), results?.stop(), counter?.stop()]);
});

afterEach(async () => {
  for (const context of browser?.contexts() ?? []) await context.close();
  expect(takeErrors()).toEqual([]);
});

const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** Presses Tab until the focused element's accessible name is `name`; fails after `limit` presses. */
async function tabTo(page: Page, name: string, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe.skipIf(chromiumBinary.path === undefined)('what the inspector shows of a call', () => {
  it('checks structured content against the output schema: valid, and invalid with the reason', async () => {
    const page = await openConnected(browser, results.url);
    await selectTool(page, 'count_things');
    await page.getByRole('button', { name: 'Call' }).click();
    const structured = result(page).getByRole('region', { name: 'Structured content' });
    await structured.getByText('Valid: it fits the output schema').waitFor();
    await page.getByRole('checkbox', { name: 'broken' }).check();
    await page.getByRole('button', { name: 'Call' }).click();
    await structured.getByText(/^Invalid: .*count.*integer/).waitFor();
    await structured.getByText('"count": "three"').waitFor();
  });

  it('shows a JSON-RPC error with its code and the name the spec gives it', async () => {
    const page = await openConnected(browser, results.url);
    await selectTool(page, 'strict');
    await page.getByRole('button', { name: 'Call' }).click();
    await result(page)
      .getByText(/^Call failed: -32602 Invalid params: .*n must be even/)
      .waitFor();
  });

  it('fills array fields item by item', async () => {
    const page = await openConnected(browser, results.url);
    await selectTool(page, 'tag_items');
    const form = page.getByRole('form', { name: 'Arguments of tag_items' });
    await form.getByRole('button', { name: 'Add tags item' }).click();
    await form.getByRole('button', { name: 'Add tags item' }).click();
    await form.getByRole('textbox', { name: 'tags item 1' }).fill('red');
    await form.getByRole('textbox', { name: 'tags item 2' }).fill('blue');
    await form.getByRole('button', { name: 'Add scores item' }).click();
    await form.getByRole('spinbutton', { name: 'scores item 1' }).fill('1.5');
    await form.getByRole('button', { name: 'Call' }).click();
    await result(page).getByText('{"tags":["red","blue"],"scores":[1.5]}').waitFor();
  });

  it('renders image and audio results', async () => {
    const page = await openConnected(browser, everything.url);
    await selectTool(page, 'test_image_content');
    await page.getByRole('button', { name: 'Call' }).click();
    const image = result(page).getByRole('img', { name: 'Image (image/png)' });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
    await selectTool(page, 'test_audio_content');
    await page.getByRole('button', { name: 'Call' }).click();
    const audio = result(page).getByLabel(/^Audio \(audio\//);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
  });

  it("shows a task's status as it changes while it runs", async () => {
    const page = await openConnected(browser, counter.url);
    await selectTool(page, 'stages');
    await page.getByRole('button', { name: 'Call' }).click();
    await page.getByRole('button', { name: 'Tasks', exact: true }).click();
    const task = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem', { name: /\(stages\)$/ });
    await task.getByText('stage 2 of 3').waitFor();
    expect(await task.getByRole('status').textContent()).toBe('working');
    // Two more 800 ms stages and a 0.5 s status poll are still to come: past expect.poll's default 1 s.
    await expect.poll(() => task.getByRole('status').textContent(), { timeout: 15_000 }).toBe('completed');
    await task.getByText(/all stages done/).waitFor();
  });

  it('goes from connecting to a tool, its call and its dialog with the keyboard alone', async () => {
    const page = await openConnected(browser, everything.url);
    const discovers = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('[aria-label="Protocol messages"] > li')].filter((item) =>
            item.textContent?.startsWith('->server/discover'),
          ).length,
      );
    const before = await discovers();
    await tabTo(page, 'Reconnect');
    await page.keyboard.press('Enter');
    await expect.poll(discovers).toBe(before + 1);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
    await tabTo(page, 'test_input_required_result_elicitation');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Call');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'The server asks' });
    await dialog.getByText('What is your name?').waitFor();
    // The dialog takes the focus; typing fills its first field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.keyboard.type('Ada');
    await tabTo(page, 'Accept', 10);
    await page.keyboard.press('Enter');
    await result(page).getByText('Hello, Ada!').waitFor();

    // Escape cancels the question.
    await tabTo(page, 'Call');
    await page.keyboard.press('Enter');
    await dialog.getByText('What is your name?').waitFor();
    await page.keyboard.press('Escape');
    await result(page).getByText('No name given (cancel)').waitFor();
    expect(await dialog.isVisible()).toBe(false);
  });
});
