import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { listProblems, parseExpectedFailures } from './expected-failures.mjs';

describe('parseExpectedFailures', () => {
  it('reads one scenario a line, without comments and blank lines', () => {
    const text =
      '# known failures\nauth/basic-cimd\n\n  auth/pre-registration  # later issue\n#auth/iss-unexpected\n';
    assert.deepEqual([...parseExpectedFailures(text)], ['auth/basic-cimd', 'auth/pre-registration']);
  });
});

describe('listProblems', () => {
  const required = ['ping', 'auth/basic-cimd', 'auth/pre-registration'];

  it('accepts required auth/* scenarios', () => {
    assert.deepEqual(listProblems(new Set(['auth/basic-cimd', 'auth/pre-registration']), required), []);
  });

  it('rejects a required scenario outside auth/: everything but authorization must pass', () => {
    assert.deepEqual(listProblems(new Set(['auth/basic-cimd', 'ping']), required), [
      'expected-failures.txt lists ping: only auth/* scenarios may be expected to fail',
    ]);
  });

  it('rejects an entry outside auth/ that no leg requires', () => {
    assert.deepEqual(listProblems(new Set(['tool_call']), required), [
      'expected-failures.txt lists tool_call: only auth/* scenarios may be expected to fail',
    ]);
  });

  it('rejects an auth/* entry that no leg requires', () => {
    assert.deepEqual(listProblems(new Set(['auth/dpop']), required), [
      'expected-failures.txt lists auth/dpop, which is not a required scenario',
    ]);
  });

  it('the committed list holds only auth/* scenarios', () => {
    const expected = parseExpectedFailures(
      readFileSync(join(import.meta.dirname, '..', 'expected-failures.txt'), 'utf8'),
    );
    assert.ok(expected.size > 0);
    assert.deepEqual(listProblems(expected, [...expected]), []);
  });
});
