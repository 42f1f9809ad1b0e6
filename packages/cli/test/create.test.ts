import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSteps, packageManagerOf } from '../src/create/next-steps.js';
import { packageNameFor, scaffold } from '../src/create/scaffold.js';
import { TEMPLATES } from '../src/create/templates.js';
import { MCPKIT, mcpkit } from './run.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mcpkit-create-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The version in the repository's own package.json of `@mcpkit/<name>`. */
async function versionOf(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL(`../../${name}/package.json`, import.meta.url), 'utf8'));
  return manifest.version as string;
}

async function manifestIn(dir: string): Promise<Record<string, Record<string, string>>> {
  return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
}

describe('scaffold', () => {
  it.each(TEMPLATES.map((template) => template.name))(
    'writes the %s template with caret ranges of the local @mcpkit packages',
    async (template) => {
      const dir = join(scratch, `unit-${template}`);
      const project = await scaffold(dir, template);
      expect(project.name).toBe(`unit-${template}`);
      expect(project.files).toEqual(
        expect.arrayContaining(['.gitignore', 'README.md', 'package.json', 'tsconfig.json']),
      );
      expect(project.files.some((file) => file.startsWith('test/'))).toBe(true);
      expect(project.files).not.toContain('gitignore');

      const manifest = await manifestIn(dir);
      expect(manifest.name).toBe(`unit-${template}`);
      const mcpkitDependencies = Object.entries({
        ...manifest.dependencies,
        ...manifest.devDependencies,
      }).filter(([name]) => name.startsWith('@mcpkit/'));
      expect(mcpkitDependencies.length).toBeGreaterThan(1);
      for (const [name, range] of mcpkitDependencies) {
        expect(range).toBe(`^${await versionOf(name.slice('@mcpkit/'.length))}`);
      }
      const readme = await readFile(join(dir, 'README.md'), 'utf8');
      expect(readme.startsWith(`# unit-${template}\n`)).toBe(true);
      for (const file of project.files) {
        expect(await readFile(join(dir, file), 'utf8'), file).not.toContain('{{name}}');
      }
    },
  );

  it('names the package after the folder, as npm allows', () => {
    expect(packageNameFor('My Server!')).toBe('my-server');
    expect(packageNameFor('.hidden_tool')).toBe('hidden_tool');
    expect(packageNameFor('***')).toBe('mcp-project');
  });

  it('prints next steps for the package manager that ran it', () => {
    expect(packageManagerOf('pnpm/12.4.2 npm/? node/v20.19.0 linux x64')).toBe('pnpm');
    expect(packageManagerOf(undefined)).toBe('npm');
    const project = { dir: join(scratch, 'steps'), name: 'steps', files: [] };
    expect(nextSteps(project, 'http', 'pnpm', scratch)).toEqual([
      'Created steps (http template) in steps.',
      '',
      'Next steps:',
      '  cd steps',
      '  pnpm install',
      '  pnpm build',
      '  pnpm test',
      '  pnpm start   # then, in another terminal:',
      '  npx @mcpkit/cli tools http://127.0.0.1:3000/mcp',
    ]);
  });
});

describe('mcpkit create --from', () => {
  const PACKED = ['auth', 'cli', 'client', 'protocol', 'server', 'transport-http', 'transport-stdio'];

  /** A folder with a (fake, empty) tarball of each named package, named as `pnpm pack` names them. */
  async function packs(folder: string, names: readonly string[], version = '0.1.0'): Promise<string> {
    const dir = join(scratch, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'unrelated-1.0.0.tgz'), '');
    for (const name of names) await writeFile(join(dir, `mcpkit-${name}-${version}.tgz`), '');
    return dir;
  }

  it('points every @mcpkit dependency at its tarball, for npm and for pnpm', async () => {
    const from = await packs('packs', PACKED);
    const dir = join(scratch, 'from-stdio');
    const run = await mcpkit(['create', dir, '--from', from, '--template', 'stdio']);
    expect(run.code, run.stderr).toBe(0);
    const manifest = await manifestIn(dir);
    const tarball = (name: string) => `file:${join(from, `mcpkit-${name}-0.1.0.tgz`)}`;
    expect(manifest.dependencies).toMatchObject({
      '@mcpkit/server': tarball('server'),
      '@mcpkit/transport-stdio': tarball('transport-stdio'),
    });
    // `npx @mcpkit/cli`, as the README says, runs the CLI installed from the folder.
    expect(manifest.devDependencies).toMatchObject({
      '@mcpkit/client': tarball('client'),
      '@mcpkit/cli': tarball('cli'),
    });
    expect(Object.keys(manifest.devDependencies!)).toEqual(Object.keys(manifest.devDependencies!).sort());
    const overrides = Object.fromEntries(PACKED.map((name) => [`@mcpkit/${name}`, tarball(name)]));
    expect(manifest.overrides).toEqual(overrides);
    const workspace = await readFile(join(dir, 'pnpm-workspace.yaml'), 'utf8');
    const lines = workspace.split('\n');
    expect(lines.slice(lines.indexOf('overrides:') + 1, -1)).toEqual(
      Object.entries(overrides).map(([name, spec]) => `  "${name}": ${JSON.stringify(spec)}`),
    );
  });

  it('refuses a folder that lacks a package the template needs, and writes nothing (exit 2)', async () => {
    const from = await packs('no-server', ['protocol', 'transport-stdio']);
    const dir = join(scratch, 'from-incomplete');
    const run = await mcpkit(['create', dir, '--from', from, '-t', 'stdio']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('has no tarball of @mcpkit/server');
    expect(run.stderr).toContain('pnpm pack:local');
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a missing folder, one without tarballs, and two versions of a package (exit 2)', async () => {
    const missing = await mcpkit([
      'create',
      join(scratch, 'from-x'),
      '--from',
      join(scratch, 'nowhere'),
      '-t',
      'stdio',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('there is no such folder of package tarballs');
    const empty = await packs('empty-packs', []);
    const none = await mcpkit(['create', join(scratch, 'from-y'), '--from', empty, '-t', 'stdio']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds no mcpkit-*.tgz tarballs');
    const twice = await packs('twice', PACKED);
    await packs('twice', ['server'], '0.2.0');
    const run = await mcpkit(['create', join(scratch, 'from-z'), '--from', twice, '-t', 'stdio']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'two tarballs of @mcpkit/server (mcpkit-server-0.1.0.tgz and mcpkit-server-0.2.0.tgz)',
    );
  });
});

describe('mcpkit create', () => {
  it('creates the project and prints the next steps', async () => {
    const dir = join(scratch, 'cli-stdio');
    const run = await mcpkit(['create', dir, '--template', 'stdio']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Created cli-stdio (stdio template)');
    expect(run.stdout).toContain(`  cd ${dir}\n`);
    expect(run.stdout).toMatch(/^ {2}p?npm install$/m);
    expect((await manifestIn(dir)).dependencies).toHaveProperty('@mcpkit/transport-stdio');
  });

  it('refuses a folder that is not empty, and leaves it as it was (exit 2)', async () => {
    const dir = join(scratch, 'taken');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const run = await mcpkit(['create', dir, '-t', 'http']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not empty');
    expect(await readdir(dir)).toEqual(['notes.txt']);
  });

  it('takes a folder that holds only .git', async () => {
    const dir = join(scratch, 'repo');
    await mkdir(join(dir, '.git'), { recursive: true });
    const run = await mcpkit(['create', dir, '-t', 'client']);
    expect(run.code, run.stderr).toBe(0);
    expect(await readdir(dir)).toContain('package.json');
  });

  it('without --template and without a terminal, says how to choose one (exit 2)', async () => {
    const run = await mcpkit(['create', join(scratch, 'no-template')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--template stdio|http|worker|client');
  });

  it('refuses an unknown template (exit 2)', async () => {
    const run = await mcpkit(['create', join(scratch, 'unknown'), '-t', 'rust']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Allowed choices are stdio, http, worker, client');
  });

  it('asks for the template on a terminal: arrow down and enter picks http', async () => {
    const dir = join(scratch, 'asked');
    // `script` runs the program on a pseudo-terminal; its stdin is what the user types.
    const child = spawn('script', ['-qfec', `${process.execPath} ${MCPKIT} create ${dir}`, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    const waitFor = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (pattern.test(screen)) {
            child.stdout.off('data', check);
            resolve();
          }
        };
        child.stdout.on('data', check);
        check();
      });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await waitFor(/Which template\?/);
    child.stdin.write('\x1b[B');
    await waitFor(/❯ http/);
    child.stdin.write('\r');
    expect(await exited, screen).toBe(0);
    child.stdin.end();
    expect(screen).toContain('Created asked (http template)');
    expect((await manifestIn(dir)).dependencies).toHaveProperty('@mcpkit/transport-http');
  });

  it('has help that fits one screen, with examples', async () => {
    const run = await mcpkit(['create', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').length).toBeLessThanOrEqual(24);
    expect(run.stdout).toContain('$ mcpkit create my-server --template stdio');
  });
});
