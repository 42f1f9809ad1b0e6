import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseOptions, selectLegs } from './options.mjs';

describe('parseOptions', () => {
  it('defaults to both legs, every scenario and 3 jobs', () => {
    assert.deepEqual(parseOptions([]), { only: undefined, scenario: undefined, jobs: 3 });
  });

  it('reads --only, --scenario and --jobs', () => {
    assert.deepEqual(parseOptions(['--only', 'client', '--scenario', 'initialize', '--jobs', '1']), {
      only: 'client',
      scenario: 'initialize',
      jobs: 1,
    });
  });

  it('rejects an --only that is not server or client', () => {
    assert.throws(() => parseOptions(['--only', 'cleint']), /--only must be server or client, not "cleint"/);
  });

  it('rejects an option without its value', () => {
    assert.throws(() => parseOptions(['--only']), /--only/);
    assert.throws(() => parseOptions(['--scenario']), /--scenario/);
  });

  it('rejects an unknown option', () => {
    assert.throws(() => parseOptions(['--scenarios', 'tools-call']), /--scenarios/);
  });

  it('rejects a --jobs that is not a positive integer', () => {
    for (const jobs of ['0', '-1', '1.5', 'three']) {
      assert.throws(() => parseOptions([`--jobs=${jobs}`]), /--jobs must be a positive integer/);
    }
  });
});

describe('selectLegs', () => {
  const legs = [
    { side: 'server', required: ['tools-call', 'ping'], unscored: ['tasks-lifecycle', 'ping'] },
    { side: 'client', required: ['initialize'], unscored: [] },
  ];

  it('runs every leg with its required scenarios, then its unscored ones', () => {
    assert.deepEqual(
      selectLegs(legs, {}).map((leg) => [leg.side, leg.scenarios]),
      [
        ['server', ['tools-call', 'ping', 'tasks-lifecycle']],
        ['client', ['initialize']],
      ],
    );
  });

  it('runs only the leg --only names', () => {
    assert.deepEqual(
      selectLegs(legs, { only: 'client' }).map((leg) => leg.side),
      ['client'],
    );
  });

  it('runs only the leg that has the --scenario', () => {
    assert.deepEqual(
      selectLegs(legs, { scenario: 'tasks-lifecycle' }).map((leg) => [leg.side, leg.scenarios]),
      [['server', ['tasks-lifecycle']]],
    );
  });

  it('rejects a --scenario that no leg has', () => {
    assert.throws(
      () => selectLegs(legs, { scenario: 'tool_call' }),
      /"tool_call" is no scenario of the server or/,
    );
  });

  it('rejects a --scenario that only the leg --only leaves out has', () => {
    assert.throws(
      () => selectLegs(legs, { only: 'client', scenario: 'ping' }),
      /"ping" is no scenario of the client leg/,
    );
  });
});
