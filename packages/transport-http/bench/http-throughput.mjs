// HTTP tools/call throughput under a 64-connection load: mcpkit's Node adapter against a bare
// node:http JSON echo server on the same machine (issue 7: mcpkit must reach at least 50%).
// Run after building: `pnpm --filter @mcpkit/transport-http build && node bench/http-throughput.mjs`.
// Options: --rounds N (default 3), --seconds S (default 3), --connections C (default 64).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runLoad } from './load.mjs';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}
const rounds = option('rounds', 3);
const seconds = option('seconds', 3);
const connections = option('connections', 64);

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { _meta: meta, name: 'echo', arguments: { text: 'hello from the bench' } },
});
const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};

function start(subject) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./servers.mjs', import.meta.url)), subject], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      const port = /listening (\d+)/.exec(text)?.[1];
      if (port) resolve({ port: Number(port), stop: () => child.stdin.end() });
    });
    child.on('exit', (code) => reject(new Error(`${subject} server exited with ${code}`)));
  });
}

async function measure(subject) {
  const server = await start(subject);
  try {
    const load = { port: server.port, path: '/mcp', headers, body, connections };
    await runLoad({ ...load, seconds: 1 });
    const result = await runLoad({ ...load, seconds });
    if (result.non200 > 0) throw new Error(`${subject}: ${result.non200} responses were not 200`);
    return result.requests / result.seconds;
  } finally {
    server.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = { floor: [], mcpkit: [] };
for (let round = 0; round < rounds; round++) {
  for (const subject of ['floor', 'mcpkit']) results[subject].push(await measure(subject));
}
const floor = median(results.floor);
const mcpkit = median(results.mcpkit);
console.log(`connections ${connections}, ${rounds} rounds of ${seconds}s, median req/s`);
console.log(
  `floor (bare node:http): ${floor.toFixed(0)}  [${results.floor.map((v) => v.toFixed(0)).join(', ')}]`,
);
console.log(
  `mcpkit node adapter:    ${mcpkit.toFixed(0)}  [${results.mcpkit.map((v) => v.toFixed(0)).join(', ')}]`,
);
console.log(`ratio: ${((mcpkit / floor) * 100).toFixed(1)}% (target >= 50%)`);
