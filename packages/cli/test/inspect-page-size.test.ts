import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';

const PAGE = fileURLToPath(new URL('../dist/inspector/', import.meta.url));
/** The budget for everything the inspector's page loads, gzipped. */
const BUDGET = 150 * 1024;

it('the inspector page ships in dist, under 150 KiB gzipped, with no URL to anywhere else', () => {
  const files = readdirSync(PAGE);
  expect(files).toContain('index.html');
  let gzipped = 0;
  for (const file of files) {
    const content = readFileSync(`${PAGE}${file}`);
    gzipped += gzipSync(content, { level: 9 }).length;
    expect(content.toString('utf8'), file).not.toMatch(/(?:src|href)=["']?(?:https?:)?\/\//);
    expect(content.toString('utf8'), file).not.toMatch(/import[^'"]*['"](?:https?:)?\/\//);
  }
  expect(gzipped).toBeLessThanOrEqual(BUDGET);
});
