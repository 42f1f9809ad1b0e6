import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A server answering plain requests loads no schema library of its own: the request path checks
// envelopes, `_meta`, params and text results by hand, and the protocol's zod schemas load only for
// a message that needs them. These runs use the built package (`turbo run test` builds first), as an
// app would, in a child process that lists every module it loads.

const run = promisify(execFile);
const fixtures = fileURLToPath(new URL('./fixtures/start-up/', import.meta.url));

async function firstCalls(...args: string[]): Promise<{ responses: unknown[]; loaded: string[] }> {
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', `${fixtures}register.mjs`, `${fixtures}first-calls.mjs`, ...args],
    { cwd: fixtures },
  );
  const loaded = stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => line.slice('loaded '.length));
  return { responses: JSON.parse(stdout) as unknown[], loaded };
}

const fromZod = (url: string) => /\/zod\//.test(url);
const fromProtocolSchemas = (url: string) => /\/protocol\/dist\/(index|schema-set)/.test(url);
const fromFixtures = (url: string) => url.includes('/test/fixtures/start-up/');
/** The built server and protocol: the JSON Schema validator is part of protocol's build, not a package. */
const fromMcpkitBuild = (url: string) => /\/packages\/(server|protocol)\/dist\//.test(url);

describe('start-up: what answering plain requests loads', () => {
  it('a JSON Schema tool: discover, list and call load no zod', async () => {
    const { responses, loaded } = await firstCalls();
    expect(responses).toHaveLength(3);
    expect(JSON.stringify(responses[2])).toContain('"text":"hello"');
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(fromZod)).toEqual([]);
    expect(loaded.filter(fromProtocolSchemas)).toEqual([]);
  });

  it('a JSON Schema tool loads no module outside the built server and protocol', async () => {
    const { responses, loaded } = await firstCalls();
    expect(JSON.stringify(responses[2])).toContain('"text":"hello"');
    expect(loaded.filter(fromMcpkitBuild).length).toBeGreaterThan(0);
    expect(loaded.filter((url) => !fromFixtures(url) && !fromMcpkitBuild(url))).toEqual([]);
  });

  it("a zod tool: only the app's zod loads, not the protocol's schemas or zod/mini", async () => {
    const { responses, loaded } = await firstCalls('--zod');
    expect(JSON.stringify(responses[2])).toContain('"text":"hello"');
    expect(loaded.some(fromZod)).toBe(true);
    expect(loaded.filter((url) => url.includes('/zod/v4/mini/'))).toEqual([]);
    expect(loaded.filter(fromProtocolSchemas)).toEqual([]);
  });
});
