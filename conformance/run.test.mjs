import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const runner = join(import.meta.dirname, 'run.mjs');

describe('run.mjs', () => {
  it('fails, naming the mistake, when --only is neither server nor client', () => {
    const result = spawnSync(process.execPath, [runner, '--only', 'cleint'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--only must be server or client, not "cleint"/);
    assert.doesNotMatch(result.stdout, /scenarios: 0 passed/);
  });
});
