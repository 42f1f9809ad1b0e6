// `node dist/conformance.js <server-url>`: the client under test of the MCP conformance suite. The
// suite names the scenario in MCP_CONFORMANCE_SCENARIO; see src/scenarios.ts for what each does.
// Exit codes: 0 done, 1 failed, 2 a scenario this client cannot play (it fails fast).
import { planScenario, playScenario, UnsupportedScenarioError } from './run-scenario.js';

const WATCHDOG_MS = 50_000;

function fail(code: number, message: string): never {
  process.stderr.write(`everything-client: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let plan: ReturnType<typeof planScenario>;
  try {
    plan = planScenario({
      url: process.argv.at(-1),
      scenario: process.env.MCP_CONFORMANCE_SCENARIO,
      protocolVersion: process.env.MCP_CONFORMANCE_PROTOCOL_VERSION,
      context: process.env.MCP_CONFORMANCE_CONTEXT,
    });
  } catch (error) {
    if (error instanceof UnsupportedScenarioError) fail(2, error.message);
    throw error;
  }
  const watchdog = setTimeout(
    () => fail(1, `${plan.name}: no result after ${WATCHDOG_MS / 1000} s`),
    WATCHDOG_MS,
  );
  try {
    await playScenario(plan, (line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    fail(1, `${plan.name}: ${error instanceof Error ? error.stack || error.message : String(error)}`);
  }
  clearTimeout(watchdog);
  process.stdout.write(`${plan.name}: done\n`);
  // Idle keep-alive sockets must not hold the process (and the suite) for seconds.
  process.exit(0);
}

main().catch((error: unknown) =>
  fail(1, error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
