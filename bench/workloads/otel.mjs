// Workload: what @mcpkit/otel costs on an in-process tools/call (client and server in one process),
// `otel()` on the server alone and on both sides (`client.use(otel())` too), against the same calls
// without it, in alternating short windows of one process: installed with no OpenTelemetry SDK
// registered (the API's no-op tracer; target at most 1.05x), then recording with the SDK's batch
// span processor and a meter provider.
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { sequential } from '../lib/measure.mjs';
import { median } from '../lib/stats.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'otel';
export const title = 'in-process tools/call with @mcpkit/otel';
export const slots = ['otel'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  { id: 'plain', label: 'without otel(), CPU per call', unit: 'µs', better: 'lower' },
  { id: 'noop', label: 'otel() with no SDK (no-op tracer), CPU per call', unit: 'µs', better: 'lower' },
  { id: 'noopRatio', label: 'otel() with no SDK ÷ without', unit: '×', better: 'lower' },
  {
    id: 'recording',
    label: 'otel() recording (batch span processor), CPU per call',
    unit: 'µs',
    better: 'lower',
  },
  { id: 'recordingRatio', label: 'otel() recording ÷ without', unit: '×', better: 'lower' },
  {
    id: 'bothNoop',
    label: 'otel() on client and server, no SDK, CPU per call',
    unit: 'µs',
    better: 'lower',
  },
  { id: 'bothNoopRatio', label: 'otel() on both sides, no SDK ÷ without', unit: '×', better: 'lower' },
  {
    id: 'bothRecording',
    label: 'otel() on client and server recording, CPU per call',
    unit: 'µs',
    better: 'lower',
  },
  { id: 'bothRecordingRatio', label: 'otel() on both sides recording ÷ without', unit: '×', better: 'lower' },
];

/** Alternates the windows of `a` and `b` over one `measureMs` in `slices`; the median CPU per call of each. */
async function alternate(a, b, config) {
  const slices = 8;
  const window = { warmupMs: 0, warmupCalls: 0, measureMs: Math.max(50, config.measureMs / slices) };
  await sequential(a, config);
  await sequential(b, config);
  const runsA = [];
  const runsB = [];
  for (let slice = 0; slice < slices; slice++) {
    runsA.push((await sequential(a, window)).cpuMicrosPerCall);
    runsB.push((await sequential(b, window)).cpuMicrosPerCall);
  }
  return [median(runsA), median(runsB)];
}

const calling = (client) => async () => expectEcho(await client.callEcho(ECHO_TEXT));

export async function sample(subject, config) {
  const { open, startRecording } = await loadSlot(subject, 'otel');
  const plain = await open();
  const noop = await open({});
  const [plainCpu, noopCpu] = await alternate(calling(plain), calling(noop), config);
  await noop.close();
  const bothNoop = await open({}, 'both');
  const [plainBoth, bothNoopCpu] = await alternate(calling(plain), calling(bothNoop), config);
  await bothNoop.close();
  // From here on the SDK is registered, as in an application that records.
  const sdk = startRecording();
  const recording = await open(sdk);
  const [plainAgain, recordingCpu] = await alternate(calling(plain), calling(recording), config);
  await recording.close();
  const bothRecording = await open(sdk, 'both');
  const [plainLast, bothRecordingCpu] = await alternate(calling(plain), calling(bothRecording), config);
  await bothRecording.close();
  await plain.close();
  return {
    plain: plainCpu,
    noop: noopCpu,
    noopRatio: noopCpu / plainCpu,
    recording: recordingCpu,
    recordingRatio: recordingCpu / plainAgain,
    bothNoop: bothNoopCpu,
    bothNoopRatio: bothNoopCpu / plainBoth,
    bothRecording: bothRecordingCpu,
    bothRecordingRatio: bothRecordingCpu / plainLast,
  };
}
