// The inspector's resource templates with completion suggestions, and its Listen pane (list changes
// and resource updates arriving live), in headless Chromium driven by role and accessible name.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Inspector, startInspector } from './inspector.js';
import { chromiumBinary, launchBrowser, openConnected, selectTool, shoot, takeErrors } from './page.js';
import { EVERYTHING_STDIO } from './run.js';

const COUNTER_SERVER = new URL('./fixtures/counter-server.mjs', import.meta.url).pathname;

let browser: Browser;
let everything: Inspector;
let counter: Inspector;

beforeAll(async () => {
  if (chromiumBinary.path === undefined) return;
  [browser, everything, counter] = await Promise.all([
    launchBrowser(),
    startInspector(EVERYTHING_STDIO),
    startInspector(['--', process.execPath, COUNTER_SERVER]),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([everything?.stop(), counter?.stop()]);
});

afterEach(async () => {
  for (const context of browser?.contexts() ?? []) await context.close();
  expect(takeErrors()).toEqual([]);
});

function changesHeard(page: Page) {
  return page.getByRole('list', { name: 'Changes heard' }).getByRole('listitem');
}

describe.skipIf(chromiumBinary.path === undefined)('resource templates and the Listen pane', () => {
  it('fills a resource template from completion/complete suggestions and reads it', async () => {
    const page = await openConnected(browser, everything.url);
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await page
      .getByRole('list', { name: 'Resource templates' })
      .getByRole('button', { name: 'template-data' })
      .click();
    const form = page.getByRole('form', { name: 'Variables of template-data' });
    const id = form.getByRole('textbox', { name: 'id' });
    expect(await id.getAttribute('aria-required')).toBe('true');
    await id.fill('4');
    const suggestions = form.getByRole('list', { name: 'Suggestions for id' }).getByRole('button');
    await expect.poll(() => suggestions.allTextContents()).toEqual(['42']);
    await id.fill('1');
    await expect.poll(() => suggestions.allTextContents()).toEqual(['123']);
    await shoot(page, 'inspector-resource-template');
    await suggestions.getByText('123').click();
    expect(await id.inputValue()).toBe('123');
    await form.getByRole('button', { name: 'Read resource' }).click();
    const contents = page.getByRole('region', { name: 'Resource contents' });
    await contents.getByText('test://template/123/data', { exact: true }).waitFor();
    await contents.getByText('"data":"Data for ID: 123"').waitFor();
  });

  it("suggests a prompt's argument values", async () => {
    const page = await openConnected(browser, everything.url);
    await page.getByRole('button', { name: 'Prompts', exact: true }).click();
    await page
      .getByRole('list', { name: 'Prompts' })
      .getByRole('button', { name: 'test_prompt_with_arguments' })
      .click();
    const form = page.getByRole('form', { name: 'Arguments of test_prompt_with_arguments' });
    await form.getByRole('textbox', { name: 'arg1' }).focus();
    const suggestions = form.getByRole('list', { name: 'Suggestions for arg1' }).getByRole('button');
    await expect.poll(() => suggestions.count()).toBeGreaterThan(0);
  });

  it('hears an update of a subscribed resource live', async () => {
    const page = await openConnected(browser, counter.url);
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await page.getByRole('list', { name: 'Resources' }).getByRole('button', { name: 'counter' }).click();
    await page.getByRole('button', { name: 'Subscribe to updates' }).click();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await page
      .getByRole('list', { name: 'Subscribed resources' })
      .getByRole('button', { name: 'Unsubscribe from test://counter' })
      .waitFor();
    await page.getByText('and to updates of test://counter').waitFor();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await selectTool(page, 'increment');
    await page.getByRole('button', { name: 'Call' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('count=1').waitFor();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await changesHeard(page).filter({ hasText: 'notifications/resources/updated test://counter' }).waitFor();
    await shoot(page, 'inspector-listen');

    await page.getByRole('button', { name: 'Unsubscribe from test://counter' }).click();
    await page.getByText(/^Listening to changes of the [a-z, ]+ lists$/).waitFor();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('button', { name: 'Call' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('count=2').waitFor();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    expect(await changesHeard(page).count()).toBe(1);

    // Subscribing by URI works as well.
    const byUri = page.getByRole('form', { name: 'Subscribe to a resource' });
    await byUri.getByRole('textbox', { name: 'Resource URI' }).fill('test://counter');
    await byUri.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('and to updates of test://counter').waitFor();
  });

  it('hears a tool list change live and lists the tools again', async () => {
    const page = await openConnected(browser, everything.url);
    await selectTool(page, 'test_trigger_tool_change');
    const detail = page.getByRole('heading', { name: 'test_trigger_tool_change' }).locator('..');
    const before = await detail.getByText(/^Changes the tool list/).textContent();
    await page.getByRole('button', { name: 'Call' }).click();
    await page
      .getByRole('region', { name: 'Result' })
      .getByText(/Tool list changed/)
      .waitFor();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await changesHeard(page).filter({ hasText: 'notifications/tools/list_changed' }).first().waitFor();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    // The result stays; the list was fetched again, so the tool now has its new description.
    await page
      .getByRole('region', { name: 'Result' })
      .getByText(/Tool list changed/)
      .waitFor();
    await expect
      .poll(async () => {
        await selectTool(page, 'test_trigger_tool_change');
        return detail.getByText(/^Changes the tool list/).textContent();
      })
      .not.toBe(before);
  });
});
