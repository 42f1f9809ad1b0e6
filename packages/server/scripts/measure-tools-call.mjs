// CPU cost of one tools/call round trip (client side + server, over the in-memory transport with
// its JSON round trip, zod validation included) against the floor: the same request and result
// JSON-encoded and decoded around one await. Build first: pnpm --filter @mcpkit/server build.
// Usage: node scripts/measure-tools-call.mjs [iterations]
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

const server = new McpServer({ name: 'bench', version: '1.0.0' });
server.tool(
  'add',
  { description: 'Adds', inputSchema: z.object({ a: z.number(), b: z.number() }) },
  ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }),
);
const transport = createInMemoryTransport(server);
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-client', version: '1.0.0' },
};
const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'bench', version: '1.0.0' } };
let id = 0;
const request = () => ({
  jsonrpc: '2.0',
  id: ++id,
  method: 'tools/call',
  params: { _meta: meta, name: 'add', arguments: { a: 1, b: 2 } },
});

async function roundTrip() {
  let last;
  for await (const item of transport.exchange(request(), {})) last = item;
  if (!last?.result) throw new Error(JSON.stringify(last));
}

async function floor() {
  const received = JSON.parse(JSON.stringify(request()));
  const result = await Promise.resolve({
    resultType: 'complete',
    content: [{ type: 'text', text: '3' }],
    _meta: serverInfo,
  });
  const response = JSON.parse(JSON.stringify({ jsonrpc: '2.0', id: received.id, result }));
  if (!response.result) throw new Error('no result');
}

async function cpuMicrosPerCall(fn, iterations) {
  for (let i = 0; i < 5000; i++) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / iterations;
}

const iterations = Number(process.argv[2] ?? 50_000);
const ratios = [];
for (let round = 0; round < 5; round++) {
  const base = await cpuMicrosPerCall(floor, iterations);
  const full = await cpuMicrosPerCall(roundTrip, iterations);
  ratios.push(full / base);
  console.log(
    `floor ${base.toFixed(2)} µs  tools/call ${full.toFixed(2)} µs  ratio ${(full / base).toFixed(2)}x`,
  );
}
ratios.sort((a, b) => a - b);
console.log(`median ratio ${ratios[2].toFixed(2)}x`);
