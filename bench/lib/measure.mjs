// Timed loops that drive a subject's client: warm-up first, then a measured window. Windows are bounded by
// time, not by count, so a slow subject and a fast one each take the same wall time.
import { latencySummary } from './stats.mjs';

/**
 * Calls `call` back to back: a warm-up of at least `warmupMs` and `warmupCalls` calls, unmeasured (the JIT
 * compiles on background threads, whose CPU time would otherwise be charged), then `measureMs` measured.
 * Returns calls per second, p50/p99 latency (ms) and the CPU time (µs) this process spent per call.
 */
export async function sequential(call, { warmupMs, warmupCalls = 0, measureMs }) {
  const warmEnd = performance.now() + warmupMs;
  for (let done = 0; done < warmupCalls || performance.now() < warmEnd; done++) await call();
  const latencies = [];
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + measureMs;
  let now = start;
  while (now < end) {
    await call();
    const after = performance.now();
    latencies.push(after - now);
    now = after;
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    perSecond: (latencies.length * 1000) / (now - start),
    cpuMicrosPerCall: (cpu.user + cpu.system) / latencies.length,
    ...latencySummary(latencies),
  };
}

/**
 * Keeps `concurrency` calls in flight: `warmupMs` unmeasured, then `measureMs` in which every completed call
 * counts. Returns completed calls per second and p50/p99 latency (ms) of the calls completed in the window.
 */
export async function inFlight(call, concurrency, { warmupMs, measureMs }) {
  const windowStart = performance.now() + warmupMs;
  const windowEnd = windowStart + measureMs;
  const latencies = [];
  const worker = async () => {
    for (;;) {
      const begin = performance.now();
      if (begin >= windowEnd) return;
      await call();
      const end = performance.now();
      if (end >= windowStart && end <= windowEnd) latencies.push(end - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { perSecond: (latencies.length * 1000) / measureMs, ...latencySummary(latencies) };
}
