import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A client that connects, lists tools and calls one loads no schema library: the results of
// server/discover, tools/list and tools/call are checked by hand, the protocol's zod schemas load
// only for a result those checks do not accept, and the JSON Schema validator only for a tool with
// an outputSchema. These runs use the built package (`turbo run test` builds first), as an app
// would, in a child process that lists every module it loads.

const run = promisify(execFile);
const fixtures = fileURLToPath(new URL('./fixtures/start-up/', import.meta.url));

interface Outcome {
  ok: boolean;
  result?: { content: unknown[]; structuredContent?: unknown };
  name?: string;
  message?: string;
}

async function firstCall(...args: string[]): Promise<{ outcome: Outcome; loaded: string[] }> {
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', `${fixtures}register.mjs`, `${fixtures}first-calls.mjs`, ...args],
    { cwd: fixtures },
  );
  const loaded = stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => line.slice('loaded '.length));
  return { outcome: JSON.parse(stdout) as Outcome, loaded };
}

const fromZod = (url: string) => /\/zod\//.test(url);
const fromProtocolSchemas = (url: string) =>
  /\/protocol\/dist\/(index|schema-set|client-schema-set)/.test(url);
const fromValidator = (url: string) => /\/protocol\/dist\/json-schema/.test(url);

describe('start-up: what a first tool call loads', () => {
  it('C-14: discover, list and a call load neither zod nor the JSON Schema validator', async () => {
    const { outcome, loaded } = await firstCall();
    expect(outcome).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'hello' }] } });
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(fromZod)).toEqual([]);
    expect(loaded.filter(fromProtocolSchemas)).toEqual([]);
    expect(loaded.filter(fromValidator)).toEqual([]);
  });

  it('C-20: a tool with an outputSchema loads the validator, and its result is checked', async () => {
    const { outcome, loaded } = await firstCall('--output-schema');
    expect(outcome).toMatchObject({ ok: true, result: { structuredContent: { n: 1 } } });
    expect(loaded.some(fromValidator)).toBe(true);
    expect(loaded.filter(fromZod)).toEqual([]);
  });

  it('C-15: a malformed result is refused with the path it fails at, without loading zod', async () => {
    const { outcome, loaded } = await firstCall('--bad-result');
    expect(outcome).toMatchObject({ ok: false, name: 'InvalidResponseError' });
    expect(outcome.message).toContain(
      'Invalid result.content[0].text: Invalid input: expected string, received undefined',
    );
    expect(loaded.some((url) => url.includes('/protocol/dist/client-schema-set'))).toBe(true);
    expect(loaded.filter(fromZod)).toEqual([]);
    expect(loaded.filter((url) => /\/protocol\/dist\/(index|schema-set)/.test(url))).toEqual([]);
  });

  it('@mcpkit/client/minimal with validateWith: false never loads the validator, for a result or a form', async () => {
    const { outcome, loaded } = await firstCall('--minimal', '--output-schema', '--input-round');
    expect(outcome).toMatchObject({ ok: true, result: { structuredContent: { n: 1 } } });
    expect(loaded.some((url) => url.includes('/client/dist/minimal'))).toBe(true);
    expect(loaded.filter(fromValidator)).toEqual([]);
    expect(loaded.filter(fromZod)).toEqual([]);
  });

  it('C-24: an input_required round is checked and answered without loading zod', async () => {
    const { outcome, loaded } = await firstCall('--input-round');
    expect(outcome).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'hello' }] } });
    expect(loaded.some((url) => url.includes('/protocol/dist/client-schema-set'))).toBe(true);
    expect(loaded.filter(fromZod)).toEqual([]);
  });
});
