import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, mcpkit, type RunningServer, startMcpkit, startServer } from './run.js';

// A server of the 2025 era, made with the official SDK v1: mcpkit falls back to initialize by itself.
// The fixture is interop's (a workspace package, installed with the repository), so one file, and one
// pinned SDK, serve both test suites.
const FIXTURE = fileURLToPath(new URL('../../../interop/test/fixtures/sdk-v1-server.mjs', import.meta.url));
const STDIO = ['--', process.execPath, FIXTURE, 'stdio'];

let http: RunningServer;
beforeAll(async () => {
  http = await startServer(process.execPath, [FIXTURE, 'http']);
});
afterAll(() => http?.stop());

describe('a 2025-era server (official SDK v1)', () => {
  it.each(['stdio', 'http'])('info says so, over %s', async (transport) => {
    const run = await mcpkit(
      transport === 'stdio' ? ['info', '--json', ...STDIO] : ['info', http.url, '--json'],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(jsonLines(run)[0]).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'sdk-v1-fixture' },
      instructions: 'A 2025-era server',
    });
  });

  it('call checks and types the arguments', async () => {
    const add = await mcpkit(['call', http.url, 'add', '--arg', 'a=2', '--arg', 'b=3', '--json']);
    expect(jsonLines(add)[0]).toMatchObject({ content: [{ type: 'text', text: '5' }] });
    const wrong = await mcpkit(['call', http.url, 'add', '--arg', 'a=two']);
    expect(wrong.code).toBe(2);
  });

  it('answers elicitation from --elicit', async () => {
    const ask = await mcpkit(['call', 'ask-name', '--elicit', '{"name":"Ada"}', ...STDIO]);
    expect(ask.code, ask.stderr).toBe(0);
    expect(ask.stdout).toContain('{"action":"accept","content":{"name":"Ada"}}');
  });

  it('an elicitation nobody can answer is exit 3 there too', async () => {
    const run = await mcpkit(['call', http.url, 'ask-name']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/--elicit '<json>' or --decline/);
  });
});

describe('listen on a 2025-era server', () => {
  it('listens for what the server offers (tool list changes) and exits 0 on SIGINT', async () => {
    const listen = startMcpkit(['listen', '--json', ...STDIO]);
    expect(JSON.parse(await listen.line((line) => line.includes('"listening"')))).toEqual({
      listening: { toolsListChanged: true },
    });
    listen.signal('SIGINT');
    expect((await listen.ended).code).toBe(0);
  });

  it('says on stderr what the server does not send', async () => {
    const listen = startMcpkit(['listen', ...STDIO]);
    await expect.poll(() => listen.stderr(), { timeout: 20_000 }).toMatch(/Listening for tools/);
    listen.signal('SIGINT');
    const run = await listen.ended;
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^warning: the server does not send promptsListChanged, resourcesListChanged$/m,
    );
  });
});
