// Serves the created Worker project on workerd, the Workers runtime, as `wrangler dev` would: its
// src/index.ts bundled by esbuild for the Workers conditions, its wrangler.jsonc `vars` as text
// bindings. workerd comes from the repository's runtime matrix (runtimes/bin, installed with npm ci).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ensureRuntimes, runtimeBinaries } from '../../../runtimes/lib/binaries.mjs';
import { outputMatching, start, within } from '../../../runtimes/lib/processes.mjs';

const TIMEOUT_MS = 60_000;

/** The Worker's `vars` from its wrangler.jsonc (comments are whole lines there). */
function varsOf(projectDir) {
  const text = readFileSync(join(projectDir, 'wrangler.jsonc'), 'utf8');
  const json = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
  return { name: json.name, compatibilityDate: json.compatibility_date, vars: json.vars ?? {} };
}

function capnp({ compatibilityDate, vars }) {
  const bindings = Object.entries(vars)
    .map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join(', ');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  bindings = [${bindings}],
  compatibilityDate = ${JSON.stringify(compatibilityDate)},
);
`;
}

/**
 * Starts the Worker of `projectDir` on workerd; resolves with its MCP URL and a stop function, or with
 * `{ skipped }` where the matrix has no workerd build for this machine.
 */
export async function startWorkerInWorkerd(projectDir) {
  ensureRuntimes();
  const workerd = runtimeBinaries().workerd;
  if (workerd.missing) return { skipped: workerd.missing };
  const outDir = join(projectDir, '.workerd');
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(projectDir, 'src', 'index.ts')],
    outfile: join(outDir, 'worker.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  writeFileSync(join(outDir, 'config.capnp'), capnp(varsOf(projectDir)));
  const server = start(workerd.path, ['serve', 'config.capnp', '--socket-addr', 'http=127.0.0.1:0'], {
    cwd: outDir,
  });
  try {
    const [, url] = await within(outputMatching(server, /Listening on (http:\S+)/), TIMEOUT_MS, 'workerd');
    return { url: `${url.replace(/\/$/, '')}/mcp`, stop: () => server.stop() };
  } catch (error) {
    server.stop();
    error.message += `\n${server.text()}`;
    throw error;
  }
}
