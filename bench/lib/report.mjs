// Turns the samples of a run into the results document (JSON) and its Markdown table.

import { spread } from './stats.mjs';
import { SUBJECTS } from './subjects.mjs';

/**
 * The ratios shown for every metric: subject ÷ reference, taken per round (the two samples of a round ran
 * back to back, so they saw the same machine) and summarized by their median and min–max.
 */
export const RATIOS = [
  { id: 'mcpkit/floor', subject: 'mcpkit', reference: 'floor', label: 'mcpkit ÷ floor' },
  { id: 'mcpkit/official', subject: 'mcpkit', reference: 'official', label: 'mcpkit ÷ official' },
  { id: 'official/floor', subject: 'official', reference: 'floor', label: 'official ÷ floor' },
];

/**
 * One workload's results: for each metric, each subject's samples and spread (or why there are none), and
 * the ratios. `outcomes[subject]` is `{ samples: [metrics…] }`, `{ unavailable: true }` or `{ error }`.
 */
export function summarizeWorkload(workload, metrics, outcomes) {
  return {
    id: workload.id,
    title: workload.title,
    ...(workload.note ? { note: workload.note } : {}),
    metrics: metrics.map((metric) => {
      const subjects = {};
      for (const { id } of SUBJECTS) {
        const outcome = outcomes[id];
        if (!outcome) subjects[id] = { status: 'not run' };
        else if (outcome.unavailable) subjects[id] = { status: 'not yet available' };
        else if (outcome.error) subjects[id] = { status: 'error', error: outcome.error };
        else {
          const samples = outcome.samples.map((sample) => sample[metric.id]).filter((v) => v !== undefined);
          subjects[id] =
            samples.length === 0
              ? { status: 'not yet available' }
              : { status: 'measured', samples, ...spread(samples) };
        }
      }
      const ratios = {};
      for (const ratio of RATIOS) {
        const shown = metric.ratio !== false && !(metric.floorRatio === false && ratio.reference === 'floor');
        ratios[ratio.id] = shown ? pairedRatio(subjects[ratio.subject], subjects[ratio.reference]) : null;
      }
      return { ...metric, subjects, ratios };
    }),
  };
}

/** Round-by-round `subject ÷ reference` (sample i of each was taken in round i): median, min and max. */
function pairedRatio(subject, reference) {
  if (subject.status !== 'measured' || reference.status !== 'measured') return null;
  const rounds = Math.min(subject.samples.length, reference.samples.length);
  const perRound = [];
  for (let round = 0; round < rounds; round++) {
    const value = subject.samples[round] / reference.samples[round];
    if (Number.isFinite(value)) perRound.push(value);
  }
  return perRound.length === 0 ? null : { perRound, ...spread(perRound) };
}

function number(value) {
  if (!Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });
}

function cell(result) {
  if (result.status === 'not yet available') return '*not yet available*';
  if (result.status === 'not run') return '*not run*';
  if (result.status === 'error') return '**error**';
  if (result.samples.length === 1) return number(result.median);
  return `${number(result.median)} <sub>${number(result.min)}–${number(result.max)}</sub>`;
}

function ratioCell(ratio) {
  if (ratio === null) return '—';
  if (ratio.perRound.length === 1) return `${number(ratio.median)}×`;
  return `${number(ratio.median)}× <sub>${number(ratio.min)}–${number(ratio.max)}</sub>`;
}

/** The Markdown report: machine, versions, one table of every metric, then any errors. */
export function toMarkdown(results) {
  const { machine, versions } = results;
  const lines = [
    `Run ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC, \`${results.command}\` (${results.mode} mode, ${Math.round(results.durationSeconds)} s) on ${machine.cores} cores, ${machine.cpu}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}; load average ${machine.loadAverage.toFixed(2)} at the start.`,
    `Official SDK: \`@modelcontextprotocol/client\` ${versions.official.client}, \`@modelcontextprotocol/server\` ${versions.official.server}, \`@modelcontextprotocol/node\` ${versions.official.node}; v1 (\`legacy\` row): \`@modelcontextprotocol/sdk\` ${versions.official.sdk}.`,
    '',
    'Each cell is the median of the rounds with the min–max below it. Ratios are taken per round (the samples of one round ran back to back) and shown as their median with their min–max: ↓ marks a cost (lower is better), ↑ a throughput (higher is better).',
    '',
    `| workload | metric | ${SUBJECTS.map((s) => s.label).join(' | ')} | ${RATIOS.map((r) => r.label).join(' | ')} |`,
    `|---|---|${SUBJECTS.map(() => '--:').join('|')}|${RATIOS.map(() => '--:').join('|')}|`,
  ];
  for (const workload of results.workloads) {
    for (const [index, metric] of workload.metrics.entries()) {
      const arrow = metric.better === 'higher' ? '↑' : '↓';
      const name = index === 0 ? `${workload.title} (${workload.rounds}×)` : '';
      const values = SUBJECTS.map((s) => cell(metric.subjects[s.id]));
      const ratios = RATIOS.map((r) => ratioCell(metric.ratios[r.id]));
      lines.push(
        `| ${name} | ${metric.label}, ${metric.unit} ${arrow} | ${values.join(' | ')} | ${ratios.join(' | ')} |`,
      );
    }
  }
  const errors = results.workloads.flatMap((workload) =>
    SUBJECTS.flatMap((s) => {
      const first = workload.metrics[0]?.subjects[s.id];
      return first?.status === 'error' ? [`- ${workload.id}, ${s.label}: ${first.error.split('\n')[0]}`] : [];
    }),
  );
  const notes = new Set(results.workloads.flatMap((workload) => (workload.note ? [workload.note] : [])));
  for (const note of notes) lines.push('', note);
  if (errors.length > 0) lines.push('', 'Errors:', '', ...errors);
  return `${lines.join('\n')}\n`;
}
