import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { expectedMetadata, metadataProblems } from './metadata.mjs';
import { publishedPackages, root } from './packages.mjs';

describe('package metadata', () => {
  it('every published package has the same repository, homepage and bugs, with its own directory', () => {
    assert.deepEqual(metadataProblems(publishedPackages(), root), []);
  });

  let scratch;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'packaging-metadata-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('names each field that differs, and a missing description or keywords', () => {
    const dir = join(scratch, 'packages', 'one');
    mkdirSync(dir, { recursive: true });
    const manifest = { ...expectedMetadata('packages/other'), description: 'One.', keywords: [] };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    const problems = metadataProblems([{ name: 'one', dir }], scratch);
    assert.deepEqual(
      problems.map((problem) => problem.split(' is ')[0].split(': no ').join(': ')),
      ['one: repository', 'one: homepage', 'one: keywords'],
    );
  });
});
