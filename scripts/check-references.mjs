// Fails when a comment, test, README or doc cites a requirement id that docs/spec-digest.md does not
// define, a Markdown document that is not in the repository, or (in Markdown) a source or test file that is not.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseRequirements } from './requirements.mjs';

const root = join(import.meta.dirname, '..');
const known = new Set(
  parseRequirements(readFileSync(join(root, 'docs', 'spec-digest.md'), 'utf8')).map((r) => r.id),
);
const SELF = new Set(['docs/spec-digest.md', 'docs/requirements.md', 'pnpm-lock.yaml']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|json|ya?ml)$/;
const REQUIREMENT_ID = /(?<![\w-])([PSCTHABXQ])-(\d{1,3})(?![\w-])/g;
// A range written `S-3..5`: its end must exist too.
const SHORT_RANGE = /([PSCTHABXQ])-\d{1,3}\.\.(\d{1,3})(?![\w-])/g;
const MARKDOWN_PATH = /(?<![\w/.-])((?:\.{1,2}\/)?(?:[\w-]+\/)*[\w.-]+\.md)(?![\w/])/g;
const URL = /\b[a-z]+:\/\/\S+/g;
// A source or test file named in code style from the repository root, e.g. `packages/cli/test/visible.test.ts`.
const SOURCE_PATH =
  /`((?:packages|apps|scripts|interop|conformance|packaging|bench|runtimes|examples)\/[\w./-]+\.[cm]?[jt]s)`/g;
// NIST curve names (JOSE `crv` values) read like requirement ids.
const CURVE_NAMES = new Set(['P-256', 'P-384', 'P-521']);

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  // api/ copies the packages' declarations, whose references are checked in their sources.
  .filter(
    (file) =>
      TEXT_FILE.test(file) && !SELF.has(file) && !file.startsWith('.changeset/') && !file.startsWith('api/'),
  )
  .filter((file) => existsSync(join(root, file)));

const problems = [];
let cited = 0;
for (const file of files) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const packageRoot = join(root, ...file.split('/').slice(0, 2));
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const text = line.replace(URL, '');
    for (const [id] of text.matchAll(REQUIREMENT_ID)) {
      if (CURVE_NAMES.has(id)) continue;
      cited++;
      if (!known.has(id)) problems.push(`${where}: ${id} is not a requirement of docs/spec-digest.md`);
    }
    for (const [, letter, end] of text.matchAll(SHORT_RANGE)) {
      if (!known.has(`${letter}-${end}`)) problems.push(`${where}: ${letter}-${end} is not a requirement`);
    }
    for (const [path] of text.matchAll(MARKDOWN_PATH)) {
      const candidates = [dirname(join(root, file)), packageRoot, root, join(root, 'docs')].map((base) =>
        join(base, path),
      );
      if (!candidates.some((candidate) => existsSync(candidate))) {
        problems.push(`${where}: ${path} is not in the repository`);
      }
    }
    if (file.endsWith('.md')) {
      for (const [, path] of line.matchAll(SOURCE_PATH)) {
        const found = existsSync(join(root, path)) || existsSync(join(packageRoot, path));
        if (!found && !path.includes('/dist/')) {
          problems.push(`${where}: ${path} is not in the repository`);
        }
      }
    }
  });
}
if (problems.length > 0) {
  console.error(`${problems.length} broken reference(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `references: ${cited} requirement ids cited in ${files.length} files, all defined; every cited document exists`,
);
