// Workload 0 (issue 2): the cost of decoding a message, against JSON.parse of the same bytes. The floor is
// JSON.parse alone; mcpkit adds the envelope, _meta and params/result validation of @mcpkit/protocol.
import { readFileSync } from 'node:fs';
import { toolCatalog } from '../lib/mcp-wire.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'protocol-decode';
export const title = 'decoding one message';
export const slots = ['decode'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  { id: 'request', label: 'tools/call request', unit: 'ns', better: 'lower' },
  { id: 'toolsList', label: 'tools/list result, 1,000 tools', unit: 'ns', better: 'lower' },
];

const example = new URL('../../packages/protocol/test/fixtures/spec/2026-07-28/examples/', import.meta.url);

/** The two messages decoded: the spec's CallToolRequest example and a 1,000-tool tools/list response. */
export const messages = {
  request: JSON.stringify(
    JSON.parse(readFileSync(new URL('CallToolRequest/call-tool-request.json', example), 'utf8')),
  ),
  toolsList: JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    result: { resultType: 'complete', ttlMs: 60000, cacheScope: 'public', tools: toolCatalog(1001).slice(1) },
  }),
};

/** Nanoseconds per call of `decode(text)`, after a warm-up. */
export function nsPerOp(decode, text, iterations) {
  for (let i = 0; i < Math.min(iterations, 2000); i++) decode(text);
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) decode(text);
  return Number(process.hrtime.bigint() - start) / iterations;
}

export async function sample(subject, config) {
  const { decodeRequest, decodeToolsListResponse } = await loadSlot(subject, 'decode');
  return {
    request: nsPerOp(decodeRequest, messages.request, config.decodeIterations.request),
    toolsList: nsPerOp(decodeToolsListResponse, messages.toolsList, config.decodeIterations.toolsList),
  };
}
