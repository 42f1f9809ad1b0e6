import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Streams } from '../src/output.js';
import { runCli } from '../src/program.js';
import { EVERYTHING_STDIO, jsonLines, mcpkit, type RunningServer, startEverythingHttp } from './run.js';

let http: RunningServer;
beforeAll(async () => {
  http = await startEverythingHttp();
});
afterAll(() => http?.stop());

const EVERYTHING_INFO = {
  era: 'modern',
  protocolVersion: '2026-07-28',
  serverInfo: { name: 'mcpkit-everything-server', version: '0.0.0' },
};

describe('mcpkit info', () => {
  it('describes a stdio server named by the command after --', async () => {
    const run = await mcpkit(['info', '--json', ...EVERYTHING_STDIO]);
    expect(run.code).toBe(0);
    const [info] = jsonLines(run) as [Record<string, unknown>];
    expect(info).toMatchObject(EVERYTHING_INFO);
    expect(info.capabilities).toMatchObject({ tools: { listChanged: true }, completions: {} });
    expect(info.instructions).toMatch(/test server/);
  });

  it('describes an HTTP server named by its URL, before or after the options', async () => {
    for (const args of [
      ['info', http.url, '--json'],
      ['info', '--json', '--timeout', '20000', http.url],
      ['info', '--json', '--url', http.url],
    ]) {
      const run = await mcpkit(args);
      expect(run.code, run.stderr).toBe(0);
      expect(jsonLines(run)[0]).toMatchObject(EVERYTHING_INFO);
    }
  });

  it('prints text for a person without --json', async () => {
    const run = await mcpkit(['info', http.url]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Server: +mcpkit-everything-server 0\.0\.0$/m);
    expect(run.stdout).toMatch(/^Protocol: +2026-07-28 \(2026-07-28 era/m);
    expect(run.stdout).toMatch(/^Capabilities: .*tools \(listChanged\)/m);
  });
});

describe('exit codes', () => {
  it('is 2 without a server, with both a URL and a command, or with an unknown option', async () => {
    const none = await mcpkit(['info']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no server/);
    const both = await mcpkit(['info', http.url, ...EVERYTHING_STDIO]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
    const unknown = await mcpkit(['info', '--bogus', http.url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option '--bogus'/);
  });

  it('is 3 when the server cannot be reached, with the error as JSON under --json', async () => {
    const refused = await mcpkit(['info', '--json', 'http://127.0.0.1:1/mcp']);
    expect(refused.code).toBe(3);
    expect(jsonLines(refused)).toEqual([{ error: expect.objectContaining({ type: 'TransportError' }) }]);
    const missing = await mcpkit(['info', '--', 'mcpkit-test-no-such-program']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^mcpkit: .*mcpkit-test-no-such-program/m);
  });
});

describe('help', () => {
  it('mcpkit --help lists every command, with examples and the exit codes', async () => {
    const run = await mcpkit(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}info /m);
    expect(run.stdout).toMatch(/^Exit codes: 0 ok, 1 .*, 2 usage, 3 /m);
  });

  it('fits on one screen (40 lines of 100 columns) with an example, for the program and each command', async () => {
    const help = async (args: string[]) => {
      let text = '';
      const write = (chunk: string) => {
        text += chunk;
        return true;
      };
      const sink = { write } as unknown as Streams['stdout'];
      expect(await runCli(args, { stdout: sink, stderr: sink }), args.join(' ')).toBe(0);
      return text;
    };
    const program = await help(['--help']);
    const commands = [...program.matchAll(/^ {2}([a-z]+) /gm)].map((match) => match[1]!);
    expect(commands.length).toBeGreaterThan(5);
    for (const args of [['--help'], ...commands.filter((c) => c !== 'help').map((c) => [c, '--help'])]) {
      const text = await help(args);
      const lines = text.trimEnd().split('\n');
      expect(lines.length, args.join(' ')).toBeLessThanOrEqual(40);
      expect(Math.max(...lines.map((line) => line.length)), args.join(' ')).toBeLessThanOrEqual(100);
      expect(text, args.join(' ')).toMatch(/\$ mcpkit /);
    }
  });
});
