// The two fixtures that a runtime cannot load from node_modules get bundled, as a user's bundler would:
// the Worker module for workerd (with its config) and the page script for Chromium.
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const common = { bundle: true, format: 'esm', target: 'es2022', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: ['dist/worker.js'],
  outfile: 'dist/worker.bundle.js',
  platform: 'neutral',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
});
await build({
  ...common,
  entryPoints: ['dist/browser.js'],
  outfile: 'dist/browser.bundle.js',
  platform: 'browser',
});

// The socket's address is set per run with `--socket-addr http=127.0.0.1:<port>`.
writeFileSync(
  'dist/workerd.capnp',
  `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .smokeWorker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const smokeWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.bundle.js")],
  compatibilityDate = "2026-11-01",
);
`,
);
