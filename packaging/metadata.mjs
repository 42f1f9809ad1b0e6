// Every published package points at the same repository, with its own folder: npm's page links the
// source, the README and the issue tracker from these fields.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const REPOSITORY = 'https://github.com/mcpkit/mcpkit';

/** The metadata fields a published package in `directory` (relative to the repository) must have. */
export function expectedMetadata(directory) {
  return {
    license: 'MIT',
    repository: { type: 'git', url: `git+${REPOSITORY}.git`, directory },
    homepage: `${REPOSITORY}/tree/main/${directory}#readme`,
    bugs: { url: `${REPOSITORY}/issues` },
  };
}

/** What is wrong with each package's metadata, one line per problem; empty when all agree. */
export function metadataProblems(packages, root) {
  const problems = [];
  for (const { name, dir } of packages) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const [field, wanted] of Object.entries(expectedMetadata(relative(root, dir)))) {
      if (!isDeepStrictEqual(manifest[field], wanted)) {
        problems.push(
          `${name}: ${field} is ${JSON.stringify(manifest[field])}, wanted ${JSON.stringify(wanted)}`,
        );
      }
    }
    for (const field of ['description', 'keywords']) {
      if (!manifest[field]?.length) problems.push(`${name}: no ${field}`);
    }
  }
  return problems;
}
