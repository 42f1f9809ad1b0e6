// Workload 3b: Streamable HTTP under load. autocannon posts the same tools/call bytes to every subject's
// server over 64 keep-alive connections; one response body in 16 is parsed and must be the echo.
import autocannon from 'autocannon';
import { startHttpServer } from '../lib/http-server.mjs';
import { callEchoRequest, echoTextOf, expectEcho, httpHeaders } from '../lib/mcp-wire.mjs';
import { slotUrl } from '../lib/subjects.mjs';

export const id = 'http-load';
export const title = 'Streamable HTTP tools/call, load';
export const slots = ['http-server'];
export const rounds = (config) => config.rounds;
export const metrics = (config) => [
  { id: 'load', label: `${config.loadConnections} connections`, unit: 'req/s', better: 'higher' },
  { id: 'loadP50', label: `${config.loadConnections} connections p50`, unit: 'ms', better: 'lower' },
  { id: 'loadP99', label: `${config.loadConnections} connections p99`, unit: 'ms', better: 'lower' },
];

const body = JSON.stringify(callEchoRequest(1));
const headers = httpHeaders('tools/call', 'echo');

/** The load request must get a 200 JSON echo from this server, or the numbers mean nothing. */
async function checkRequest(url) {
  const response = await fetch(url, { method: 'POST', headers, body });
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('application/json')) {
    throw new Error(`tools/call got ${response.status} ${type}: ${await response.text()}`);
  }
  expectEcho(echoTextOf((await response.json()).result));
}

/** Every `BODY_CHECK_EVERY`-th response body is parsed and checked, so a server cannot be fast by being wrong. */
const BODY_CHECK_EVERY = 16;

/** A load run whose sampled bodies must each be the echo; returns autocannon's result and the check counts. */
export async function checkedLoad(url, connections, duration) {
  const bodies = { seen: 0, checked: 0, wrong: undefined };
  const onResponse = (status, text) => {
    if (bodies.seen++ % BODY_CHECK_EVERY !== 0) return;
    bodies.checked++;
    try {
      expectEcho(echoTextOf(JSON.parse(text).result));
    } catch (error) {
      bodies.wrong ??= `${status} ${String(text).slice(0, 200)} (${error.message})`;
    }
  };
  const requests = [{ method: 'POST', headers, body, onResponse }];
  const result = await autocannon({ url, requests, connections, duration });
  if (bodies.wrong !== undefined) throw new Error(`a sampled response was not the echo: ${bodies.wrong}`);
  if (bodies.checked === 0) throw new Error('no response body was checked');
  return result;
}

export async function sample(subject, config) {
  const server = await startHttpServer(slotUrl(subject, 'http-server'));
  try {
    await checkRequest(server.url);
    if (config.loadWarmupSeconds > 0)
      await checkedLoad(server.url, config.loadConnections, config.loadWarmupSeconds);
    const result = await checkedLoad(server.url, config.loadConnections, config.loadSeconds);
    const failed = result.errors + result.timeouts + result.non2xx;
    if (failed > 0) throw new Error(`${failed} of ${result.requests.total} requests failed`);
    return {
      load: result.requests.total / result.duration,
      loadP50: result.latency.p50,
      loadP99: result.latency.p99,
    };
  } finally {
    await server.stop();
  }
}
