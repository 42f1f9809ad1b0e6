// Workload: the same tools/call on one server as a 2026-07-28 request and as a request of an initialized
// 2025-11-25 session, in one process, alternating short windows so both eras see the same machine load:
// the server alone (bytes in, bytes out) and over Streamable HTTP (one fetch POST per call, the same client
// code for both eras). The legacy path's target is at most 1.3× the modern one. The official SDK v1 server
// is measured beside it on the 2025-11-25 session path alone.
import { startHttpServer } from '../lib/http-server.mjs';
import { callEchoRequest, ECHO_TEXT, expectEcho, legacyCallEchoRequest } from '../lib/mcp-wire.mjs';
import { sequential } from '../lib/measure.mjs';
import { median } from '../lib/stats.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'legacy';
export const title = 'tools/call, 2025-11-25 session vs 2026-07-28';
export const slots = ['legacy', 'http-server'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  { id: 'serverModern', label: 'server alone, 2026-07-28, CPU per call', unit: 'µs', better: 'lower' },
  {
    id: 'serverLegacy',
    label: 'server alone, 2025-11-25 session, CPU per call',
    unit: 'µs',
    better: 'lower',
  },
  { id: 'serverRatio', label: 'server alone, legacy ÷ modern', unit: '×', better: 'lower' },
  { id: 'httpModern', label: 'HTTP sequential, 2026-07-28', unit: 'calls/s', better: 'higher' },
  { id: 'httpLegacy', label: 'HTTP sequential, 2025-11-25 session', unit: 'calls/s', better: 'higher' },
  { id: 'httpRatio', label: 'HTTP time per call, legacy ÷ modern', unit: '×', better: 'lower' },
];

/**
 * Alternates `modern` and `legacy` windows of one `measureMs` split in `slices`; medians of each. A subject
 * with no 2026-07-28 path (`modern` undefined) gets the same `legacy` windows alone.
 */
async function alternate(modern, legacy, config, pick) {
  const slices = 8;
  const window = { warmupMs: 0, warmupCalls: 0, measureMs: Math.max(50, config.measureMs / slices) };
  if (modern !== undefined) await sequential(modern, config);
  await sequential(legacy, config);
  const modernRuns = [];
  const legacyRuns = [];
  for (let slice = 0; slice < slices; slice++) {
    if (modern !== undefined) modernRuns.push(pick(await sequential(modern, window)));
    legacyRuns.push(pick(await sequential(legacy, window)));
  }
  return { modern: modern === undefined ? undefined : median(modernRuns), legacy: median(legacyRuns) };
}

async function serverAlone(openServer, config) {
  const server = await openServer();
  const modernText = JSON.stringify(callEchoRequest(1));
  const legacyText = JSON.stringify(legacyCallEchoRequest(1));
  const check = (response) => {
    if (!response.includes(ECHO_TEXT)) throw new Error(`unexpected response: ${response}`);
  };
  try {
    return await alternate(
      async () => check(await server.modern(modernText)),
      async () => check(await server.legacy(legacyText)),
      config,
      (run) => run.cpuMicrosPerCall,
    );
  } finally {
    await server.close();
  }
}

async function overHttp(connect, serverScript, config) {
  const server = await startHttpServer(serverScript);
  try {
    const client = await connect(server.url);
    try {
      const modern = client.modern;
      return await alternate(
        modern && (async () => expectEcho(await modern.callEcho(ECHO_TEXT))),
        async () => expectEcho(await client.legacy.callEcho(ECHO_TEXT)),
        config,
        (run) => run.perSecond,
      );
    } finally {
      await client.close();
    }
  } finally {
    await server.stop();
  }
}

export async function sample(subject, config) {
  const { openServer, connect, serverScript } = await loadSlot(subject, 'legacy');
  // A subject with only a 2025-era HTTP server (the official SDK v1) has no server-alone rows.
  const alone = openServer === undefined ? {} : await serverAlone(openServer, config);
  const http = await overHttp(connect, serverScript, config);
  return {
    serverModern: alone.modern,
    serverLegacy: alone.legacy,
    serverRatio: alone.modern === undefined ? undefined : alone.legacy / alone.modern,
    httpModern: http.modern,
    httpLegacy: http.legacy,
    httpRatio: http.modern === undefined ? undefined : http.modern / http.legacy,
  };
}
