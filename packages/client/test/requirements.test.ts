import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The requirements of docs/spec-digest.md this package owns. Each must be named by at least one test
 * title, so `grep C-25` finds the code, the test and the spec. C-13, C-21..C-23, C-33, C-38,
 * C-44, C-46 and C-48 are obligations of the application (UI, trust decisions) or call for no
 * code (never poll); the README says so.
 */
const OWNED = [
  'C-1',
  'C-2',
  'C-3',
  'C-4',
  'C-5',
  'C-6',
  'C-7',
  'C-8',
  'C-9',
  'C-10',
  'C-11',
  'C-12',
  'C-14',
  'C-15',
  'C-16',
  'C-17',
  'C-18',
  'C-19',
  'C-20',
  'C-24',
  'C-25',
  'C-26',
  'C-27',
  'C-28',
  'C-29',
  'C-30',
  'C-31',
  'C-32',
  'C-35',
  'C-36',
  'C-37',
  'C-39',
  'C-40',
  'C-41',
  'C-42',
  'C-43',
  'C-45',
  'C-47',
  'C-49',
  'C-51',
  'C-52',
  'C-53',
  'C-54',
  'C-55',
  'P-25',
  'P-67',
  'P-73',
  'P-81',
  'P-87',
  'P-89',
  'T-17',
  'T-20',
  'T-21',
  'T-22',
  'T-23',
  'H-23',
  'H-24',
  'H-25',
  'H-27',
  'H-28',
  'B-4',
  'B-5',
];

const dir = fileURLToPath(new URL('.', import.meta.url));
const titles = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts') && name !== 'requirements.test.ts')
  .flatMap((name) => [
    ...readFileSync(`${dir}/${name}`, 'utf8').matchAll(/\b(?:it|describe)\(\s*(['"`])(.*?)\1/g),
  ])
  .map((match) => match[2]!);

describe('requirement coverage', () => {
  it.each(OWNED)('%s is named by a test', (id) => {
    const pattern = new RegExp(`(^|[^\\w-])${id}(?![\\d])`);
    const covered = titles.some((title) => pattern.test(title) || rangeCovers(title, id));
    expect(covered, `${id} has no test naming it`).toBe(true);
  });
});

/** `C-24..C-26` in a title covers C-24, C-25 and C-26. */
function rangeCovers(title: string, id: string): boolean {
  const [prefix, number] = id.split('-') as [string, string];
  for (const match of title.matchAll(new RegExp(`${prefix}-(\\d+)\\.\\.${prefix}-(\\d+)`, 'g'))) {
    const n = Number(number);
    if (n >= Number(match[1]) && n <= Number(match[2])) return true;
  }
  return false;
}
