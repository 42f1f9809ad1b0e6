// Workload 4: tools/list of 1,000 tools. Latency through each subject's client in-process and over stdio,
// and the bytes of the full list on the stdio wire (every page, newlines included).
import { LineClient } from '../lib/line-client.mjs';
import { listToolsRequest } from '../lib/mcp-wire.mjs';
import { sequential } from '../lib/measure.mjs';
import { loadSlot } from '../lib/subjects.mjs';
import { serverSpawn } from './stdio.mjs';

const TOOL_COUNT = 1000;

export const id = 'tools-list';
export const title = `tools/list, ${TOOL_COUNT.toLocaleString('en')} tools`;
export const slots = ['in-process', 'stdio'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  { id: 'inProcess', label: 'in-process latency p50', unit: 'ms', better: 'lower' },
  { id: 'stdio', label: 'stdio latency p50', unit: 'ms', better: 'lower' },
  { id: 'bytes', label: 'response size on the wire', unit: 'B', better: 'lower' },
];

async function latencyP50(client, config) {
  return (await sequential(() => listAll(client), { ...config, warmupCalls: 10 })).p50;
}

async function listAll(client) {
  const count = await client.listTools();
  if (count !== TOOL_COUNT) throw new Error(`tools/list returned ${count} tools, expected ${TOOL_COUNT}`);
}

/** Bytes of every tools/list response line a full listing takes, through the raw line client. */
export async function wireBytes(serverScript) {
  const { command, args } = serverSpawn(serverScript, TOOL_COUNT);
  const raw = LineClient.spawn(command, args);
  try {
    let bytes = 0;
    let tools = 0;
    let cursor;
    do {
      const { response, bytes: lineBytes } = await raw.sendMeasured(listToolsRequest(raw.nextId(), cursor));
      if (!response.result) throw new Error(`tools/list failed: ${JSON.stringify(response.error)}`);
      bytes += lineBytes;
      tools += response.result.tools.length;
      cursor = response.result.nextCursor;
    } while (cursor !== undefined);
    if (tools !== TOOL_COUNT) throw new Error(`tools/list listed ${tools} tools, expected ${TOOL_COUNT}`);
    return bytes;
  } finally {
    await raw.close();
  }
}

export async function sample(subject, config) {
  const inProcess = await loadSlot(subject, 'in-process');
  const stdio = await loadSlot(subject, 'stdio');
  const local = await inProcess.open({ toolCount: TOOL_COUNT });
  let inProcessP50;
  try {
    inProcessP50 = await latencyP50(local, config);
  } finally {
    await local.close();
  }
  const remote = await stdio.connect(serverSpawn(stdio.serverScript, TOOL_COUNT));
  let stdioP50;
  try {
    stdioP50 = await latencyP50(remote, config);
  } finally {
    await remote.close();
  }
  return { inProcess: inProcessP50, stdio: stdioP50, bytes: await wireBytes(stdio.serverScript) };
}
