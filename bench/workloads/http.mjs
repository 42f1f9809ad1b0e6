// Workload 3a: Streamable HTTP tools/call round trips, one after another, through each subject's client.
import { startHttpServer } from '../lib/http-server.mjs';
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { sequential } from '../lib/measure.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'http';
export const title = 'Streamable HTTP tools/call, client';
export const slots = ['http', 'http-server'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  { id: 'sequential', label: 'sequential', unit: 'calls/s', better: 'higher' },
  { id: 'sequentialP50', label: 'sequential p50', unit: 'ms', better: 'lower' },
  { id: 'sequentialP99', label: 'sequential p99', unit: 'ms', better: 'lower' },
];

export async function sample(subject, config) {
  const { connect, serverScript } = await loadSlot(subject, 'http');
  const server = await startHttpServer(serverScript);
  try {
    const client = await connect(server.url);
    try {
      const run = await sequential(async () => expectEcho(await client.callEcho(ECHO_TEXT)), config);
      return { sequential: run.perSecond, sequentialP50: run.p50, sequentialP99: run.p99 };
    } finally {
      await client.close();
    }
  } finally {
    await server.stop();
  }
}
