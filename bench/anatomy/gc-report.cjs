// Preloaded (`--require`, with `--expose-gc`) into a server: on exit, collects garbage fully and writes
// V8's heap spaces in use to the file named by MEMORY_ANATOMY_REPORT, for http-server-gc.mjs.
const { writeFileSync } = require('node:fs');
const { getHeapSpaceStatistics } = require('node:v8');

const file = process.env.MEMORY_ANATOMY_REPORT;
process.on('exit', () => {
  if (!file) return;
  globalThis.gc();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
  writeFileSync(file, JSON.stringify({ spaces }));
});
