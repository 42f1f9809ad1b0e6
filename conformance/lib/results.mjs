// Reads the suite's checks.json files.
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
