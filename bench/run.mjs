// `pnpm bench [--quick] [--only <workload,…>] [--subjects <subject,…>]`: every workload, every subject,
// rounds alternating subjects (A B C A B C …), each sample in a fresh process. Writes results/latest.json,
// results/latest.md and the table in README.md; a filtered run writes results/partial.* instead.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configFor } from './lib/config.mjs';
import { describeMachine } from './lib/machine.mjs';
import { summarizeWorkload, toMarkdown } from './lib/report.mjs';
import { killAllSamples, runSample } from './lib/sample.mjs';
import { hasSlots, SUBJECTS, subjectVersions } from './lib/subjects.mjs';

const WORKLOADS = [
  'protocol-decode',
  'in-process',
  'stdio',
  'http',
  'http-load',
  'tools-list',
  'legacy',
  'cluster',
  'otel',
  'cold-start',
  'memory',
  'footprint',
];
const DEFAULT_TIMEOUT_MS = 180_000;

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    subjects: { type: 'string' },
  },
});
const pick = (list, all, what) => {
  if (list === undefined) return all;
  const picked = list.split(',');
  const unknown = picked.filter((name) => !all.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown ${what}: ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return all.filter((name) => picked.includes(name));
};
const workloadIds = pick(options.only, WORKLOADS, 'workload');
const subjectIds = pick(
  options.subjects,
  SUBJECTS.map((s) => s.id),
  'subject',
);
const partial = workloadIds.length < WORKLOADS.length || subjectIds.length < SUBJECTS.length;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAllSamples();
    process.exit(130);
  });
}

const config = configFor(options.quick);
const startedAt = new Date();
const machine = describeMachine();
const log = (line) => process.stderr.write(`${line}\n`);
log(`mcpkit bench, ${config.mode} mode: ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}`);

const brief = (metrics) =>
  Object.entries(metrics)
    .map(([key, value]) => `${key} ${typeof value === 'number' ? Number(value.toPrecision(4)) : value}`)
    .join(', ');

async function runWorkload(workload) {
  const metrics = workload.metrics(config);
  const rounds = workload.rounds(config);
  const outcomes = {};
  for (const subject of subjectIds) {
    outcomes[subject] = hasSlots(subject, workload.slots) ? { samples: [] } : { unavailable: true };
  }
  for (let round = 1; round <= rounds; round++) {
    for (const subject of subjectIds) {
      const outcome = outcomes[subject];
      if (!outcome.samples) continue;
      const started = performance.now();
      try {
        const sample = await runSample(
          workload.id,
          subject,
          config,
          workload.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        );
        outcome.samples.push(sample);
        log(
          `[${workload.id} ${round}/${rounds}] ${subject}: ${brief(sample)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      } catch (error) {
        outcomes[subject] = { error: error.message };
        log(`[${workload.id} ${round}/${rounds}] ${subject}: ERROR ${error.message}`);
      }
    }
  }
  for (const subject of subjectIds) {
    if (outcomes[subject].unavailable) log(`[${workload.id}] ${subject}: not yet available`);
  }
  return { ...summarizeWorkload(workload, metrics, outcomes), rounds };
}

/** Lays the README's new table out the way the repository's formatter does, so `biome check` stays clean. */
function formatMarkdown(file) {
  try {
    const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
    execFileSync(process.execPath, [biome, 'format', '--write', fileURLToPath(file)], { stdio: 'ignore' });
  } catch {
    log('README.md updated but not formatted (biome not found)');
  }
}

const workloads = [];
for (const id of workloadIds) workloads.push(await runWorkload(await import(`./workloads/${id}.mjs`)));

const results = {
  command: `pnpm bench${process.argv.slice(2).length > 0 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
  mode: config.mode,
  partial,
  startedAt: startedAt.toISOString(),
  durationSeconds: (Date.now() - startedAt.getTime()) / 1000,
  machine,
  versions: subjectVersions(),
  config,
  subjects: SUBJECTS.filter((s) => subjectIds.includes(s.id)),
  workloads,
};
const markdown = toMarkdown(results);
const name = partial ? 'partial' : 'latest';
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/${name}.json`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(new URL(`./results/${name}.md`, import.meta.url), `# mcpkit benchmark results\n\n${markdown}`);
if (!partial) {
  const readme = new URL('./README.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const block = /(<!-- latest-results:start -->\n)[\s\S]*?(<!-- latest-results:end -->)/;
  writeFileSync(
    readme,
    text.replace(block, (_, start, end) => `${start}${markdown}${end}`),
  );
  formatMarkdown(readme);
}
process.stdout.write(markdown);
log(`wrote results/${name}.json and results/${name}.md in ${Math.round(results.durationSeconds)} s`);
const failed = workloads.some((w) =>
  w.metrics.some((m) => Object.values(m.subjects).some((s) => s.status === 'error')),
);
process.exitCode = failed ? 1 : 0;
