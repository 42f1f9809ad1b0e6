import { McpServer } from '@mcpkit/server';
import { type McpHttpServer, serveHttp } from '@mcpkit/transport-http/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { parseCommandLine, run, UsageError } from '../src/cli.js';

let http: McpHttpServer;
beforeAll(async () => {
  const server = new McpServer({ name: 'test-server', version: '1.0.0' });
  server.tool(
    'add',
    { description: 'Adds', inputSchema: z.object({ a: z.number(), b: z.number() }) },
    async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
      structuredContent: { sum: a + b },
    }),
  );
  http = await serveHttp(server, { port: 0 });
});
afterAll(() => http?.close());
afterEach(() => vi.restoreAllMocks());

/** Runs the command line and returns its exit code and what it printed. */
async function runCaptured(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  const code = await run(argv);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the command line', () => {
  it('takes a URL, or the command that starts a stdio server after --, and --call anywhere before --', () => {
    expect(parseCommandLine(['http://h/mcp'])).toEqual({ target: ['http://h/mcp'] });
    expect(parseCommandLine(['--call', 'add', '{"a":1}', '--', 'node', 'server.js', '--call', 'x'])).toEqual({
      target: ['node', 'server.js', '--call', 'x'],
      call: { tool: 'add', arguments: { a: 1 } },
    });
    expect(parseCommandLine(['http://h/mcp', '--call', 'ping'])).toEqual({
      target: ['http://h/mcp'],
      call: { tool: 'ping', arguments: {} },
    });
  });

  it('says where a stdio command goes when it is given without --', () => {
    expect(() => parseCommandLine(['node', 'server.js', '--call', 'add'])).toThrow(
      'node dist/index.js --call add -- node server.js',
    );
  });

  it('refuses no server, two servers, and arguments that are not a JSON object', () => {
    expect(() => parseCommandLine([])).toThrow(UsageError);
    expect(() => parseCommandLine(['http://h/mcp', '--', 'node'])).toThrow('name one server');
    expect(() => parseCommandLine(['http://h/mcp', '--call', 'add', '{nope'])).toThrow('not JSON');
    expect(() => parseCommandLine(['http://h/mcp', '--call', 'add', '{}', '[1]'])).toThrow(UsageError);
  });

  it('lists the tools and calls one', async () => {
    expect(await runCaptured([http.url])).toMatchObject({ code: 0, out: 'add: Adds' });
    const called = await runCaptured([http.url, '--call', 'add', '{"a":2,"b":3}']);
    expect(called.code).toBe(0);
    expect(JSON.parse(called.out)).toEqual({ sum: 5 });
  });

  it('prints a failure as one line, never a stack trace', async () => {
    const usage = await runCaptured(['--']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^error: name a server/);
    const refused = await runCaptured(['http://127.0.0.1:9/mcp']);
    expect(refused.code).toBe(3);
    expect(refused.err).toMatch(/^error: .*ECONNREFUSED/);
    expect(`${usage.err}\n${refused.err}`).not.toMatch(/^\s+at /m);
  });
});
