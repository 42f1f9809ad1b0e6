// What a scenario's checks say, and what that means for the run: every required scenario must pass.

/**
 * A scenario passes when it ran, at least one check succeeded, and none failed (a client scenario
 * also fails on a warning, as the suite's own client summary does). No results (MISS), or only skipped or
 * informational checks (EMPTY), count as a failure.
 */
export function judge(side, entry) {
  if (!entry) return { status: 'MISS', passed: 0, failed: 1, failing: [] };
  let passed = 0;
  let failed = 0;
  let warnings = 0;
  const failing = [];
  for (const check of entry.checks) {
    if (check.status === 'SUCCESS') passed++;
    else if (check.status === 'FAILURE') {
      failed++;
      if (!failing.includes(check.id)) failing.push(check.id);
    } else if (check.status === 'WARNING') warnings++;
  }
  if (passed === 0 && failed === 0) return { status: 'EMPTY', passed: 0, failed: 1, failing };
  const ok = failed === 0 && !(side === 'client' && warnings > 0);
  return { status: ok ? 'PASS' : 'FAIL', passed, failed, warnings, failing };
}

/**
 * One scenario's outcome: its verdict, whether it counts (it is required), a note for its line, and the
 * problem it makes for the run, if any. A scenario that is not required is shown and never fails the run.
 */
export function assess(side, scenario, entry, { required }) {
  const verdict = judge(side, entry);
  if (!required) return { scenario, verdict, counted: false, note: 'not required' };
  if (verdict.status !== 'PASS') return { scenario, verdict, counted: true, problem: `${scenario} failed` };
  return { scenario, verdict, counted: true };
}

/** The run's totals over the counted outcomes, and every problem; the run fails when there is one. */
export function summarize(outcomes) {
  const totals = { checksPassed: 0, checksFailed: 0, passed: 0, failed: 0 };
  for (const { verdict, counted } of outcomes) {
    if (!counted) continue;
    totals.checksPassed += verdict.passed;
    totals.checksFailed += verdict.failed;
    if (verdict.status === 'PASS') totals.passed++;
    else totals.failed++;
  }
  return { totals, problems: outcomes.flatMap(({ problem }) => (problem ? [problem] : [])) };
}
