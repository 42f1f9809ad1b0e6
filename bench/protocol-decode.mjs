// Decoding cost of @mcpkit/protocol against plain JSON.parse of the same bytes (issue 2's benchmark):
//   ratio = (JSON.parse + envelope + _meta + params/result validation) / (JSON.parse alone)
// Runs the two alternately in this process and reports medians. Usage: node protocol-decode.mjs [--quick]
// The same measurement is the `protocol-decode` workload of `pnpm bench`.
import { cpus } from 'node:os';
import { configFor } from './lib/config.mjs';
import { median } from './lib/stats.mjs';
import * as mcpkit from './subjects/mcpkit/decode.mjs';
import { messages, nsPerOp } from './workloads/protocol-decode.mjs';

const config = configFor(process.argv.includes('--quick'));

function compare(name, decoder, text, iterations) {
  const floor = [];
  const ours = [];
  for (let round = 0; round < config.rounds; round++) {
    floor.push(nsPerOp(JSON.parse, text, iterations));
    ours.push(nsPerOp(decoder, text, iterations));
  }
  const ratio = median(ours) / median(floor);
  console.log(
    `${name.padEnd(24)} JSON.parse ${median(floor).toFixed(0).padStart(9)} ns   parse+validate ${median(ours).toFixed(0).padStart(9)} ns   ratio ${ratio.toFixed(2)}`,
  );
}

console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
compare('tools/call request', mcpkit.decodeRequest, messages.request, config.decodeIterations.request);
compare(
  'tools/list, 1000 tools',
  mcpkit.decodeToolsListResponse,
  messages.toolsList,
  config.decodeIterations.toolsList,
);
