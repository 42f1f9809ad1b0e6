// Reads the suite's checks.json files and judges each scenario.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const TIMESTAMP = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** scenario name -> its checks, newest run first wins. */
export function collectChecks(dir, side) {
  const found = new Map();
  if (!existsSync(dir)) return found;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'checks.json') {
        let name = relative(dir, current).split(sep).join('/').replace(TIMESTAMP, '');
        if (side === 'server') name = name.replace(/^server-/, '');
        const mtime = statSync(path).mtimeMs;
        let checks;
        try {
          checks = JSON.parse(readFileSync(path, 'utf8'));
        } catch (error) {
          checks = [{ id: 'unreadable-checks-json', status: 'FAILURE', errorMessage: String(error) }];
        }
        const previous = found.get(name);
        if (!previous || previous.mtime < mtime) found.set(name, { checks, mtime });
      }
    }
  };
  walk(dir);
  return found;
}

/**
 * A scenario passes when it ran, at least one check succeeded, and none failed (a client scenario
 * also fails on a warning, as the suite's own client summary does). No results, or only skipped or
 * informational checks, count as a failure.
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
