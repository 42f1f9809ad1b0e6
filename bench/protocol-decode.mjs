// Decoding cost of @mcpkit/protocol against plain JSON.parse of the same bytes (issue 2's benchmark):
//   ratio = (JSON.parse + envelope + _meta + params/result validation) / (JSON.parse alone)
// Runs the two alternately several times and reports medians. Usage: node protocol-decode.mjs [--quick]
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { decodeMessage, decodeParams, decodeResult, parseJson, readRequestMeta } from '@mcpkit/protocol';

const quick = process.argv.includes('--quick');
const rounds = quick ? 5 : 11;
const example = new URL('../packages/protocol/test/fixtures/spec/2026-07-28/examples/', import.meta.url);

const callTool = JSON.stringify(
  JSON.parse(readFileSync(new URL('CallToolRequest/call-tool-request.json', example), 'utf8')),
);
const toolsList = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  result: {
    resultType: 'complete',
    ttlMs: 60000,
    cacheScope: 'public',
    tools: Array.from({ length: 1000 }, (_, i) => ({
      name: `tool_${i}`,
      title: `Tool ${i}`,
      description: `Does thing number ${i} with its arguments.`,
      inputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name' },
          days: { type: 'integer', minimum: 1 },
        },
        required: ['city'],
      },
      annotations: { readOnlyHint: true },
    })),
  },
});

function decodeRequest(text) {
  const parsed = parseJson(text);
  const decoded = decodeMessage(parsed.value);
  if (!decoded.ok || decoded.kind !== 'request') throw new Error('not a request');
  if (readRequestMeta(decoded.message.params) instanceof Error) throw new Error('bad _meta');
  if (!decodeParams(decoded.message.method, decoded.message.params).ok) throw new Error('bad params');
}

function decodeToolsList(text) {
  const decoded = decodeMessage(parseJson(text).value);
  if (!decoded.ok || decoded.kind !== 'response') throw new Error('not a response');
  if (!decodeResult('tools/list', decoded.message.result).ok) throw new Error('bad result');
}

function nsPerOp(fn, text, iterations) {
  for (let i = 0; i < Math.min(iterations, 2000); i++) fn(text);
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn(text);
  return Number(process.hrtime.bigint() - start) / iterations;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function compare(name, decoder, text, iterations) {
  const floor = [];
  const ours = [];
  for (let round = 0; round < rounds; round++) {
    floor.push(nsPerOp(JSON.parse, text, iterations));
    ours.push(nsPerOp(decoder, text, iterations));
  }
  const ratio = median(ours) / median(floor);
  console.log(
    `${name.padEnd(24)} JSON.parse ${median(floor).toFixed(0).padStart(9)} ns   parse+validate ${median(ours).toFixed(0).padStart(9)} ns   ratio ${ratio.toFixed(2)}`,
  );
  return ratio;
}

console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
compare('tools/call request', decodeRequest, callTool, quick ? 50_000 : 200_000);
compare('tools/list, 1000 tools', decodeToolsList, toolsList, quick ? 50 : 200);
