import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The caret range of the version of an `@mcpkit` package this CLI installed with, read from its
 * package.json: a new project depends on what the CLI itself was released with, or newer.
 */
export function publishedRange(packageName: string): string {
  const { version } = require(`${packageName}/package.json`) as { version: string };
  return `^${version}`;
}
