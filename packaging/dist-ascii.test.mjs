// The JavaScript of every package is ASCII. V8 keeps each module's source text for the life of the
// process, and one character outside ASCII, even in a comment the bundler kept, makes it hold the whole
// file as UTF-16: twice the memory (the server's entry file: 309 KiB instead of 155) and a slower parse.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { filesOf, publishedPackages } from './packages.mjs';

const NON_ASCII = /[\u0080-\uffff]/;

/** Each line of `text` with a character outside ASCII, as `line N: …` with the line clipped. */
function nonAsciiLines(text) {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => NON_ASCII.test(line))
    .map(({ line, number }) => `line ${number}: ${line.trim().slice(0, 100)}`);
}

describe('built packages', () => {
  for (const { name, dir } of publishedPackages()) {
    const dist = join(dir, 'dist');
    it(`${name}: its JavaScript is ASCII`, { skip: !existsSync(dist) }, () => {
      const files = [...filesOf(dist, '.js'), ...filesOf(dist, '.cjs')];
      assert.ok(files.length > 0, `no .js or .cjs files in ${dist}: the check would see nothing`);
      const offending = {};
      for (const file of files) {
        const lines = nonAsciiLines(readFileSync(join(dist, file), 'utf8'));
        if (lines.length > 0) offending[file] = lines;
      }
      assert.deepEqual(offending, {}, 'characters outside ASCII (write them in ASCII in src/)');
    });
  }
});
