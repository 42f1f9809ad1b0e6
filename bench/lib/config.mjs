// How long and how often each workload runs. Quick mode keeps the whole run under two minutes on 2 cores.

export function configFor(quick) {
  return quick
    ? {
        mode: 'quick',
        rounds: 3,
        warmupMs: 150,
        warmupCalls: 150,
        measureMs: 300,
        inFlight: 64,
        loadConnections: 64,
        loadWarmupSeconds: 1,
        loadSeconds: 1,
        coldStartRounds: 5,
        memoryCalls: 20_000,
        memoryRounds: 1,
        decodeIterations: { request: 50_000, toolsList: 50 },
      }
    : {
        mode: 'full',
        rounds: 5,
        warmupMs: 1000,
        // By count as well as by time: an HTTP server's one start-up mark-compact (2 to 4 s after it
        // starts on a loaded machine) lands in the warm-up, not in the measured window, whatever the load.
        warmupCalls: 5000,
        measureMs: 2000,
        inFlight: 64,
        loadConnections: 64,
        loadWarmupSeconds: 1,
        loadSeconds: 3,
        coldStartRounds: 11,
        memoryCalls: 100_000,
        memoryRounds: 3,
        decodeIterations: { request: 200_000, toolsList: 200 },
      };
}
