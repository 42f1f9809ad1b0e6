// Preloaded (`--require`) into a server: on exit, writes its V8 heap spaces to the file named by
// MEMORY_ANATOMY_REPORT, for memory-anatomy.mjs.
const { writeFileSync } = require('node:fs');
const { getHeapSpaceStatistics } = require('node:v8');

const file = process.env.MEMORY_ANATOMY_REPORT;
let report;
const snapshot = () => {
  report = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s]));
};
// Read while serving: the server exits as soon as its stdin closes.
setInterval(snapshot, 200).unref();
process.on('exit', () => {
  if (file && report) writeFileSync(file, JSON.stringify(report));
});
