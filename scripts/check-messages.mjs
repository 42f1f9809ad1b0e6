// Fails when a string in shipped or example code cites a requirement id: messages are for users, who
// cannot decode `(C-55)`. Ids belong in comments and tests; a string that is nothing but an id (a
// structured `rule` field) is data and allowed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const SOURCES = ['packages/*/src/*', 'packages/*/templates/*', 'apps/*/src/*', 'examples/src/*'];
const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const REQUIREMENT_ID = /(?<![\w-])[PSCTHABXQ]-\d{1,3}(?![\w-])/;
const ONLY_AN_ID = /^[PSCTHABXQ]-\d{1,3}$/;
// NIST curve names (JOSE `crv` values) read like requirement ids.
const CURVE_NAME = /\bP-(?:256|384|521)\b/g;

/** The `file:line: text` of every string literal or template piece in `text` that cites an id. */
function idsInStrings(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const value = node.text.replace(CURVE_NAME, '');
      if (REQUIREMENT_ID.test(value) && !ONLY_AN_ID.test(value)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${file}:${line + 1}: ${JSON.stringify(node.text)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...SOURCES], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => CODE_FILE.test(file) && existsSync(join(root, file)));
const problems = files.flatMap((file) => idsInStrings(file, readFileSync(join(root, file), 'utf8')));
if (problems.length > 0) {
  console.error(
    `${problems.length} string(s) cite a requirement id; move the id to a comment:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(`check-messages: ${files.length} files, no requirement id in a string`);
