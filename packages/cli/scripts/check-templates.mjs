// Checks `mcpkit create` as a user meets it: packs every published package (the CLI included, so the
// templates it ships are the ones checked), installs the CLI from its tarball, creates one project per
// template, installs them once together with every @mcpkit package overridden by its tarball, then
// type-checks, builds and tests each project and runs the built client against the built servers,
// the Worker served by workerd. The Worker project is installed without wrangler (its dev and deploy
// tool, which would bring a second workerd): its test calls the Worker's fetch in Node, and the
// workerd of the runtime matrix serves it bundled as wrangler would. Last, two projects made with
// `--from` the tarballs, as a user makes them before a release, install with npm and pnpm alone.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packAll, publishedPackages } from '../../../packaging/packages.mjs';
import { startWorkerInWorkerd } from './worker-in-workerd.mjs';

const TEMPLATES = ['stdio', 'http', 'worker', 'client'];

function run(title, command, args, cwd) {
  console.log(`templates: ${title}`);
  execFileSync(command, args, { cwd, stdio: 'inherit' });
}

function output(command, args, cwd) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function writeWorkspace(scratch, tarballs) {
  const overrides = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
  overrides.wrangler = '-';
  const yaml = [
    'packages:',
    '  - runner',
    '  - projects/*',
    'allowBuilds:',
    '  esbuild: true',
    'overrides:',
    ...Object.entries(overrides).map(([name, spec]) => `  '${name}': '${spec}'`),
    '',
  ].join('\n');
  writeFileSync(join(scratch, 'pnpm-workspace.yaml'), yaml);
  mkdirSync(join(scratch, 'runner'));
  const runner = {
    name: 'runner',
    private: true,
    dependencies: { '@mcpkit/cli': `file:${tarballs.get('@mcpkit/cli')}` },
  };
  writeFileSync(join(scratch, 'runner', 'package.json'), `${JSON.stringify(runner, null, 2)}\n`);
}

/** The template's lint flags a question a handler does not await: a project file that forgets it fails. */
function expectLintToCatchAMissingAwait(projectDir) {
  console.log('templates: the lint of a project flags ctx.elicit without await');
  const file = join(projectDir, 'src', 'forgot.ts');
  writeFileSync(
    file,
    [
      "import { McpServer } from '@mcpkit/server';",
      "const server = new McpServer({ name: 'forgot', version: '1.0.0' });",
      "server.tool('forgot', {}, async (_args, ctx) => {",
      "  ctx.elicit('name', { message: 'Name?', requestedSchema: { type: 'object', properties: {} } });",
      '  return { content: [] };',
      '});',
      '',
    ].join('\n'),
  );
  try {
    execFileSync('pnpm', ['exec', 'eslint', 'src/forgot.ts'], { cwd: projectDir, stdio: 'pipe' });
    throw new Error('eslint passed a handler that does not await ctx.elicit');
  } catch (error) {
    if (!String(error.stdout).includes('no-floating-promises')) throw error;
  } finally {
    rmSync(file);
  }
}

/** Starts the built HTTP server on a free port and resolves with its URL and a stop function. */
async function startHttpServer(projectDir) {
  const child = spawn(process.execPath, ['dist/index.js'], {
    cwd: projectDir,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the http server printed no URL: ${printed}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = /(http:\/\/\S+\/mcp)/.exec(printed)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => reject(new Error(`the http server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function expectTools(listing, where) {
  if (!/^add: Adds two numbers$/m.test(listing)) {
    throw new Error(`the client listed no add tool from ${where}:\n${listing}`);
  }
}

/**
 * `mcpkit create --from`, as a user does it before a release: a project outside any workspace whose
 * package.json points at the tarballs installs with npm (its `npx @mcpkit/cli` then runs the CLI
 * from them) and with pnpm, and builds.
 */
async function checkFromTarballs(mcpkit) {
  const standalone = join(scratch, 'standalone');
  mkdirSync(standalone);
  run(
    'create a stdio project --from the tarballs',
    mcpkit,
    ['create', 'npm-stdio', '-t', 'stdio', '--from', scratch],
    standalone,
  );
  const npmProject = join(standalone, 'npm-stdio');
  run('npm install from the tarballs', 'npm', ['install', '--no-audit', '--no-fund'], npmProject);
  run('npm run build', 'npm', ['run', 'build'], npmProject);
  const call = output(
    'npx',
    ['@mcpkit/cli', 'call', 'add', '{"a":2,"b":3}', '--json', '--', process.execPath, 'dist/index.js'],
    npmProject,
  );
  if (JSON.parse(call).structuredContent?.sum !== 5)
    throw new Error(`npx @mcpkit/cli call add answered ${call}`);
  run(
    'create an http project --from the tarballs',
    mcpkit,
    ['create', 'pnpm-http', '-t', 'http', '--from', scratch],
    standalone,
  );
  const pnpmProject = join(standalone, 'pnpm-http');
  run('pnpm install from the tarballs', 'pnpm', ['install'], pnpmProject);
  run('pnpm build', 'pnpm', ['run', 'build'], pnpmProject);
}

const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-templates-'));
try {
  const tarballs = packAll(publishedPackages(), scratch);
  writeWorkspace(scratch, tarballs);
  run(
    'install the CLI from its tarball',
    'pnpm',
    ['install', '--no-frozen-lockfile', '--filter', 'runner'],
    scratch,
  );
  const mcpkit = join(scratch, 'runner', 'node_modules', '.bin', 'mcpkit');
  for (const template of TEMPLATES) {
    run(`create ${template}`, mcpkit, ['create', `projects/${template}`, '--template', template], scratch);
  }
  run('install the projects', 'pnpm', ['install', '--no-frozen-lockfile'], scratch);
  const projects = ['--filter', './projects/*', '--workspace-concurrency=2'];
  run('type-check', 'pnpm', [...projects, 'run', 'typecheck'], scratch);
  run('lint', 'pnpm', [...projects, 'run', '--if-present', 'lint'], scratch);
  expectLintToCatchAMissingAwait(join(scratch, 'projects', 'stdio'));
  run('build', 'pnpm', [...projects, 'run', 'build'], scratch);
  run('test', 'pnpm', [...projects, 'run', 'test'], scratch);

  const client = join(scratch, 'projects', 'client', 'dist', 'index.js');
  console.log('templates: the built client against the built stdio server');
  expectTools(
    output(
      process.execPath,
      [client, '--', process.execPath, 'dist/index.js'],
      join(scratch, 'projects', 'stdio'),
    ),
    'stdio',
  );
  const mistaken = spawnSync(process.execPath, [client, process.execPath, 'dist/index.js'], {
    cwd: join(scratch, 'projects', 'stdio'),
    encoding: 'utf8',
  });
  if (mistaken.status !== 2 || !mistaken.stderr.includes(' -- ') || /^\s+at /m.test(mistaken.stderr)) {
    throw new Error(
      `the built client, given a command without --, answered ${mistaken.status}: ${mistaken.stderr}`,
    );
  }
  console.log("templates: the READMEs' mcpkit commands against the built servers");
  const call = output(
    mcpkit,
    ['call', 'add', '{"a":2,"b":3}', '--json', '--', process.execPath, 'dist/index.js'],
    join(scratch, 'projects', 'stdio'),
  );
  if (JSON.parse(call).structuredContent?.sum !== 5) throw new Error(`mcpkit call add answered ${call}`);
  console.log('templates: the built client against the built HTTP server');
  const http = await startHttpServer(join(scratch, 'projects', 'http'));
  try {
    expectTools(output(process.execPath, [client, http.url]), 'HTTP');
    const sum = output(process.execPath, [client, http.url, '--call', 'add', '{"a":2,"b":3}']);
    if (JSON.parse(sum).sum !== 5) throw new Error(`add answered ${sum}`);
    const tools = output(mcpkit, ['tools', http.url]);
    if (!/^add\b/m.test(tools)) throw new Error(`mcpkit tools listed no add tool:\n${tools}`);
  } finally {
    await http.stop();
  }
  await checkFromTarballs(mcpkit);
  const worker = await startWorkerInWorkerd(join(scratch, 'projects', 'worker'));
  if (worker.skipped) {
    console.log(`templates: the Worker on workerd is skipped: ${worker.skipped}`);
  } else {
    console.log('templates: the built client against the Worker on workerd');
    try {
      expectTools(output(process.execPath, [client, worker.url]), 'workerd');
    } finally {
      worker.stop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  'templates: every template creates a project that installs, type-checks, builds and passes its test',
);
