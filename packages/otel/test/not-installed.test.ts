import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Runs a fixture with every resolution of an `@opentelemetry/*` package refused. */
function runRefusingOtel(script: string) {
  return spawnSync(process.execPath, ['--import', fixture('refuse-otel.mjs'), fixture(script)], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('without @mcpkit/otel, nothing of OpenTelemetry loads', () => {
  it('a server and a client call a tool with every other package imported', () => {
    const run = runRefusingOtel('use-mcpkit.mjs');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ok');
    expect(run.status).toBe(0);
  });

  it('the guard does refuse OpenTelemetry (it fails when @mcpkit/otel is imported)', () => {
    const run = runRefusingOtel('use-otel.mjs');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('OpenTelemetry was loaded: @opentelemetry/api');
  });
});
