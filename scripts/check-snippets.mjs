// Keeps the READMEs' (and docs/') code in step with examples/: a code block right after
// `<!-- snippet: examples/src/file.ts#name -->` must equal the region `// #region name` …
// `// #endregion name` of that file, which the examples' type-check and smoke tests keep working.
// `node scripts/check-snippets.mjs --write` copies the regions into the READMEs.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SNIPPET = /<!-- snippet: ([\w./-]+)#([\w-]+) -->\n```(\w+)\n([\s\S]*?)```/g;
const write = process.argv.includes('--write');

function region(file, name) {
  const text = readFileSync(join(root, file), 'utf8');
  const start = text.indexOf(`// #region ${name}\n`);
  const end = text.indexOf(`// #endregion ${name}\n`);
  if (start < 0 || end < start) throw new Error(`${file} has no region ${name}`);
  return text.slice(start + `// #region ${name}\n`.length, end);
}

const readmes = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file.endsWith('README.md') || file.startsWith('docs/'));
const stale = [];
let checked = 0;
for (const readme of readmes) {
  const text = readFileSync(join(root, readme), 'utf8');
  const updated = text.replace(SNIPPET, (block, file, name, language, code) => {
    checked++;
    const expected = region(file, name);
    if (code === expected) return block;
    stale.push(`${readme}: the snippet of ${file}#${name} differs from the file`);
    return `<!-- snippet: ${file}#${name} -->\n\`\`\`${language}\n${expected}\`\`\``;
  });
  if (write && updated !== text) writeFileSync(join(root, readme), updated);
}
if (stale.length > 0 && !write) {
  console.error(`${stale.join('\n')}\nRun node scripts/check-snippets.mjs --write to copy the examples in.`);
  process.exit(1);
}
console.log(`snippets: ${checked} README snippets match their examples`);
