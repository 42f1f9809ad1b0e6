import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import type { LocalTarballs } from './local-tarballs.js';
import { type TemplateName, templatesDir } from './templates.js';
import { publishedRange } from './versions.js';

/** A project cannot be created where asked: the folder holds files already. */
export class NotEmptyError extends Error {
  constructor(readonly dir: string) {
    super(`${dir} is not empty: choose a new folder, or empty this one first`);
    this.name = 'NotEmptyError';
  }
}

/** What `scaffold` made. */
export interface Scaffolded {
  /** The project's folder, absolute. */
  dir: string;
  /** The project's package name. */
  name: string;
  /** The files written, relative to `dir`. */
  files: string[];
}

/** Files a template cannot ship under their real names: npm drops `.gitignore` from packages. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' };
/** Text files where `{{name}}` stands for the project's name. */
const NAMED = new Set(['README.md', 'wrangler.jsonc']);
/** Left behind by checking the templates in place. */
const SKIPPED = new Set(['node_modules', 'dist']);

/** A valid npm package name from a folder name: `My Server!` → `my-server`. */
export function packageNameFor(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._]+|-+$/g, '');
  return name.slice(0, 214) || 'mcp-project';
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    const entries = await readdir(dir);
    return entries.every((entry) => entry === '.git');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !SKIPPED.has(entry.name))
      .map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

const CLI = '@mcpkit/cli';

/**
 * The template's package.json for this project: its name, and published ranges of `@mcpkit` packages,
 * or their tarballs in `local` (with `@mcpkit/cli` as a dev dependency, so `npx @mcpkit/cli` runs it,
 * and npm `overrides` so that dependencies of dependencies come from the tarballs too).
 */
function manifestFor(template: string, name: string, local: LocalTarballs | undefined): string {
  const manifest = JSON.parse(template) as Record<string, unknown>;
  manifest.name = name;
  for (const field of ['dependencies', 'devDependencies']) {
    const dependencies = manifest[field] as Record<string, string> | undefined;
    for (const dependency of Object.keys(dependencies ?? {})) {
      if (!dependency.startsWith('@mcpkit/')) continue;
      dependencies![dependency] = local ? local.spec(dependency) : publishedRange(dependency);
    }
  }
  if (local !== undefined) {
    const devDependencies = (manifest.devDependencies ?? {}) as Record<string, string>;
    const dependencies = (manifest.dependencies ?? {}) as Record<string, string>;
    if (local.files.has(CLI) && dependencies[CLI] === undefined && devDependencies[CLI] === undefined) {
      devDependencies[CLI] = local.spec(CLI);
      manifest.devDependencies = Object.fromEntries(
        Object.entries(devDependencies).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    manifest.overrides = local.overrides();
  }
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** pnpm reads overrides from its workspace file only: the same overrides as package.json's, for pnpm. */
function pnpmWorkspaceFor(local: LocalTarballs): string {
  const lines = Object.entries(local.overrides()).map(
    ([name, spec]) => `  ${JSON.stringify(name)}: ${JSON.stringify(spec)}`,
  );
  return [
    '# The @mcpkit packages come from local tarballs (mcpkit create --from), as the overrides in',
    '# package.json do for npm.',
    'overrides:',
    ...lines,
    '',
  ].join('\n');
}

/** Options of {@link scaffold}. */
export interface ScaffoldOptions {
  /** Install the `@mcpkit` packages from these tarballs instead of the npm registry. */
  local?: LocalTarballs;
}

/**
 * Writes a new project from a template into `dir`, which must be missing or empty (a `.git` alone
 * is allowed). Installs nothing.
 *
 * @example
 * ```ts
 * const { files } = await scaffold('my-server', 'stdio');
 * ```
 */
export async function scaffold(
  dir: string,
  template: TemplateName,
  options: ScaffoldOptions = {},
): Promise<Scaffolded> {
  const target = resolve(dir);
  if (!(await isEmptyOrMissing(target))) throw new NotEmptyError(dir);
  const name = packageNameFor(basename(target));
  const source = join(templatesDir(), template);
  // Before anything is written: a folder of tarballs that lacks a package refuses here.
  const manifest = manifestFor(await readFile(join(source, 'package.json'), 'utf8'), name, options.local);
  const files: string[] = [];
  const write = async (path: string, content: string | { copyOf: string }) => {
    const destination = join(target, path);
    await mkdir(join(destination, '..'), { recursive: true });
    if (typeof content === 'string') await writeFile(destination, content);
    else await copyFile(content.copyOf, destination);
    files.push(relative(target, destination));
  };
  for (const file of await listFiles(source)) {
    const path = relative(source, file);
    const renamed = RENAMED[path] ?? path;
    if (path === 'package.json') await write(renamed, manifest);
    else if (NAMED.has(basename(file))) {
      await write(renamed, (await readFile(file, 'utf8')).replaceAll('{{name}}', name));
    } else await write(renamed, { copyOf: file });
  }
  if (options.local !== undefined) await write('pnpm-workspace.yaml', pnpmWorkspaceFor(options.local));
  return { dir: target, name, files: files.sort() };
}
