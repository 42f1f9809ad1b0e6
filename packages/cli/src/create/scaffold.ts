import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
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

/** The template's package.json for this project: its name, and published ranges of `@mcpkit` packages. */
function manifestFor(template: string, name: string): string {
  const manifest = JSON.parse(template) as Record<string, unknown>;
  manifest.name = name;
  for (const field of ['dependencies', 'devDependencies']) {
    const dependencies = manifest[field] as Record<string, string> | undefined;
    for (const dependency of Object.keys(dependencies ?? {})) {
      if (dependency.startsWith('@mcpkit/')) dependencies![dependency] = publishedRange(dependency);
    }
  }
  return `${JSON.stringify(manifest, null, 2)}\n`;
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
export async function scaffold(dir: string, template: TemplateName): Promise<Scaffolded> {
  const target = resolve(dir);
  if (!(await isEmptyOrMissing(target))) throw new NotEmptyError(dir);
  const name = packageNameFor(basename(target));
  const source = join(templatesDir(), template);
  const files: string[] = [];
  for (const file of await listFiles(source)) {
    const path = relative(source, file);
    const destination = join(target, RENAMED[path] ?? path);
    await mkdir(join(destination, '..'), { recursive: true });
    const fileName = basename(file);
    if (path === 'package.json') {
      await writeFile(destination, manifestFor(await readFile(file, 'utf8'), name));
    } else if (NAMED.has(fileName)) {
      await writeFile(destination, (await readFile(file, 'utf8')).replaceAll('{{name}}', name));
    } else {
      await copyFile(file, destination);
    }
    files.push(relative(target, destination));
  }
  return { dir: target, name, files: files.sort() };
}
