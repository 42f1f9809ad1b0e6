import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** `mcpkit-transport-http-0.1.0.tgz`, as `npm pack` and `pnpm pack` name a tarball of `@mcpkit/transport-http`. */
const TARBALL = /^mcpkit-([a-z][a-z0-9-]*?)-(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?)\.tgz$/;

const HOW_TO_PACK = 'run `pnpm pack:local` in a clone of the mcpkit repository to make them';

/** The `--from` folder cannot stand in for the registry. */
export class LocalTarballsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalTarballsError';
  }
}

/**
 * A folder of `@mcpkit` package tarballs that a new project installs from instead of the npm
 * registry (`mcpkit create --from`), for the time before a release or to try a change.
 *
 * @example
 * ```ts
 * const local = await LocalTarballs.read('../mcpkit/.packs');
 * local.spec('@mcpkit/server'); // 'file:/home/me/mcpkit/.packs/mcpkit-server-0.1.0.tgz'
 * ```
 */
export class LocalTarballs {
  private constructor(
    /** The folder as the user named it, for messages. */
    readonly dir: string,
    /** Package name → absolute path of its tarball. */
    readonly files: ReadonlyMap<string, string>,
  ) {}

  /** Reads the tarballs in `dir`; a package packed twice (two versions side by side) is refused, not guessed. */
  static async read(dir: string): Promise<LocalTarballs> {
    const folder = resolve(dir);
    let entries: string[];
    try {
      entries = await readdir(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      throw new LocalTarballsError(
        `--from ${dir}: there is no such folder of package tarballs (${HOW_TO_PACK})`,
      );
    }
    const files = new Map<string, string>();
    const seen = new Map<string, string>();
    for (const entry of entries.sort()) {
      const name = TARBALL.exec(entry)?.[1];
      if (name === undefined) continue;
      const packageName = `@mcpkit/${name}`;
      const earlier = seen.get(packageName);
      if (earlier !== undefined) {
        throw new LocalTarballsError(
          `--from ${dir}: two tarballs of ${packageName} (${earlier} and ${entry}): keep only the one to install`,
        );
      }
      seen.set(packageName, entry);
      files.set(packageName, join(folder, entry));
    }
    if (files.size === 0) {
      throw new LocalTarballsError(
        `--from ${dir}: the folder holds no mcpkit-*.tgz tarballs (${HOW_TO_PACK})`,
      );
    }
    return new LocalTarballs(dir, files);
  }

  /** The dependency spec that installs `packageName` from its tarball. */
  spec(packageName: string): string {
    const file = this.files.get(packageName);
    if (file === undefined) {
      throw new LocalTarballsError(
        `--from ${this.dir}: the folder has no tarball of ${packageName}, which this template needs (${HOW_TO_PACK})`,
      );
    }
    return `file:${file}`;
  }

  /** Every package of the folder to its spec: what npm's `overrides` and pnpm's need, so dependencies of dependencies come from the folder too. */
  overrides(): Record<string, string> {
    return Object.fromEntries([...this.files].map(([name, file]) => [name, `file:${file}`]));
  }
}
