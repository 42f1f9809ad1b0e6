// One sample in a fresh process: `node driver.mjs <workload> <subject> <config JSON>`, forked by the
// harness. Reports `{ ok, metrics }` or `{ ok: false, error }` over IPC, then exits (killing its children).
const [workloadId, subject, configJson] = process.argv.slice(2);

process.on('disconnect', () => process.exit(1)); // the harness is gone: stop at once

async function main() {
  const workload = await import(`../workloads/${workloadId}.mjs`);
  return workload.sample(subject, JSON.parse(configJson));
}

main().then(
  (metrics) => process.send({ ok: true, metrics }, () => process.exit(0)),
  (error) => process.send({ ok: false, error: error?.stack ?? String(error) }, () => process.exit(0)),
);
