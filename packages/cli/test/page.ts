// A headless Chromium (the system's, as the runtime matrix finds it) for the inspector's page tests:
// pages that record every console error, and screenshots for the README.
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const CHROMIUM = new URL('../../../runtimes/lib/chromium.mjs', import.meta.url).href;
const { ensureChromium } = (await import(CHROMIUM)) as {
  ensureChromium(): { path?: string; missing?: string };
};
/** Where Chromium is, or why there is none (the page tests then skip). */
export const chromiumBinary = ensureChromium();

/** A headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumBinary.path! });
}

/** The console errors and page errors of every page opened with `openPage`, until `takeErrors()`. */
const consoleErrors: string[] = [];

/** The errors seen since the last call; a test expects none. */
export function takeErrors(): string[] {
  return consoleErrors.splice(0);
}

/** Opens `url` in a new context of `browser`, recording its console errors. */
export async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 }, colorScheme: 'light' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(url);
  return page;
}

/** Opens the inspector at `url` and waits until it is connected to its server. */
export async function openConnected(browser: Browser, url: string): Promise<Page> {
  const page = await openPage(browser, url);
  await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Connected to /);
  return page;
}

/**
 * Takes a screenshot: into docs/ (shown in the README) with `UPDATE_SCREENSHOTS=1`, else nowhere,
 * so that a test run leaves the tree as it was (ports and times differ each run).
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const path =
    process.env.UPDATE_SCREENSHOTS === '1'
      ? fileURLToPath(new URL(`../docs/${name}.png`, import.meta.url))
      : undefined;
  await page.screenshot(path === undefined ? {} : { path });
}

/** Clicks tool `name` in the Tools pane's list. */
export async function selectTool(page: Page, name: string): Promise<void> {
  await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name, exact: true }).click();
}
