import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assess, judge, summarize } from './verdict.mjs';

const checks = (...statuses) => ({ checks: statuses.map((status, i) => ({ id: `check-${i}`, status })) });

describe('judge', () => {
  it('a scenario with no results is MISS, counted as one failed check', () => {
    assert.deepEqual(judge('server', undefined), { status: 'MISS', passed: 0, failed: 1, failing: [] });
  });

  it('a scenario whose checks neither passed nor failed is EMPTY, counted as one failed check', () => {
    assert.equal(judge('server', checks('SKIPPED', 'INFO')).status, 'EMPTY');
    assert.equal(judge('server', checks()).failed, 1);
  });

  it('passes when a check succeeded and none failed', () => {
    assert.deepEqual(judge('server', checks('SUCCESS', 'SUCCESS', 'INFO')), {
      status: 'PASS',
      passed: 2,
      failed: 0,
      warnings: 0,
      failing: [],
    });
  });

  it('fails when a check failed, naming each failing check once', () => {
    const entry = {
      checks: [
        { id: 'a', status: 'SUCCESS' },
        { id: 'b', status: 'FAILURE' },
        { id: 'b', status: 'FAILURE' },
        { id: 'c', status: 'FAILURE' },
      ],
    };
    assert.deepEqual(judge('server', entry), {
      status: 'FAIL',
      passed: 1,
      failed: 3,
      warnings: 0,
      failing: ['b', 'c'],
    });
  });

  it('a warning fails a client scenario and not a server scenario', () => {
    assert.equal(judge('client', checks('SUCCESS', 'WARNING')).status, 'FAIL');
    assert.equal(judge('server', checks('SUCCESS', 'WARNING')).status, 'PASS');
  });
});

describe('assess', () => {
  const pass = checks('SUCCESS');
  const fail = checks('FAILURE');

  it('a required scenario that passes is counted and makes no problem', () => {
    const outcome = assess('server', 'ping', pass, { required: true });
    assert.equal(outcome.counted, true);
    assert.equal(outcome.note, undefined);
    assert.equal(outcome.problem, undefined);
  });

  it('a required scenario that fails unlisted fails the run', () => {
    const outcome = assess('server', 'ping', fail, { required: true });
    assert.equal(outcome.problem, 'ping failed');
  });

  it('a required scenario with no results fails the run', () => {
    assert.equal(assess('server', 'ping', undefined, { required: true }).problem, 'ping failed');
  });

  it('a scenario that is not required is shown, not counted, and never fails the run', () => {
    for (const entry of [pass, fail, undefined]) {
      const outcome = assess('server', 'tasks-lifecycle', entry, { required: false });
      assert.equal(outcome.counted, false);
      assert.equal(outcome.note, 'not required');
      assert.equal(outcome.problem, undefined);
    }
  });
});

describe('summarize', () => {
  it('counts the checks and scenarios of counted outcomes only, and gathers every problem', () => {
    const outcomes = [
      assess('server', 'ping', checks('SUCCESS', 'SUCCESS'), { required: true }),
      assess('server', 'tools-list', checks('SUCCESS', 'FAILURE'), { required: true }),
      assess('client', 'auth/basic-cimd', checks('FAILURE'), { required: true }),
      assess('server', 'tasks-lifecycle', checks('FAILURE', 'FAILURE'), { required: false }),
    ];
    assert.deepEqual(summarize(outcomes), {
      totals: { checksPassed: 3, checksFailed: 2, passed: 1, failed: 2 },
      problems: ['tools-list failed', 'auth/basic-cimd failed'],
    });
  });

  it('a run of passing required scenarios has no problem', () => {
    const outcomes = [assess('server', 'ping', checks('SUCCESS'), { required: true })];
    assert.deepEqual(summarize(outcomes).problems, []);
  });
});
