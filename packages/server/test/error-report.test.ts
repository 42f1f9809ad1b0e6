import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { McpServer, type ServerErrorInfo } from '../src/index.js';
import { call, meta, request, send } from './helpers.js';

// The server's own failures reach `onError` once each, with the request they happened in; the
// client's mistakes do not (the client is told). The default writes to stderr, never stdout.

function reportingServer() {
  const reports: { error: unknown; info: ServerErrorInfo }[] = [];
  const server = new McpServer(
    { name: 'errors', version: '1.0.0' },
    { onError: (error, info) => reports.push({ error, info }) },
  );
  server.tool('throws', {}, () => {
    throw new Error('the disk is full');
  });
  server.tool(
    'bad_output',
    { outputSchema: z.object({ n: z.number() }) },
    () => ({ structuredContent: { n: 'one' } }) as never,
  );
  server.tool('add', { inputSchema: z.object({ a: z.number() }) }, ({ a }) => ({
    content: [{ type: 'text', text: `${a}` }],
  }));
  server.tool('needs_sampling', { requiredClientCapabilities: { sampling: {} } }, () => ({ content: [] }));
  server.prompt('throws', {}, () => {
    throw new TypeError('no prompt today');
  });
  return { server, reports };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('onError', () => {
  it('a tool that throws: the client gets the message as isError, onError the error with its stack, once', async () => {
    const { server, reports } = reportingServer();
    const { result } = await call(server, 'tools/call', { name: 'throws' });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'the disk is full' }] });
    expect(reports).toHaveLength(1);
    const { error, info } = reports[0]!;
    expect((error as Error).message).toBe('the disk is full');
    expect((error as Error).stack).toContain('error-report.test.ts');
    expect(info).toMatchObject({ level: 'error', method: 'tools/call', tool: 'throws' });
    expect(info.requestId).toBeDefined();
  });

  it('an output that breaks its outputSchema is -32603 to the client and reported once', async () => {
    const { server, reports } = reportingServer();
    const { error } = await call(server, 'tools/call', { name: 'bad_output' });
    expect(error?.code).toBe(-32603);
    expect(reports).toHaveLength(1);
    expect((reports[0]!.error as Error).message).toMatch(
      /^Tool bad_output returned structuredContent that breaks/,
    );
    expect(reports[0]!.info).toMatchObject({ level: 'error', method: 'tools/call' });
  });

  it('a prompt handler that throws is -32603 without its message, reported once with it', async () => {
    const { server, reports } = reportingServer();
    const { error } = await call(server, 'prompts/get', { name: 'throws' });
    expect(error?.code).toBe(-32603);
    expect(error?.message).not.toContain('no prompt today');
    expect(reports.map(({ error: e }) => (e as Error).message)).toEqual(['no prompt today']);
  });

  it('the client’s own mistakes are not reported: unknown method or tool, bad params or arguments, a missing capability', async () => {
    const { server, reports } = reportingServer();
    expect((await call(server, 'no/such/method')).error?.code).toBe(-32601);
    expect((await call(server, 'tools/call', { name: 'nope' })).error?.code).toBe(-32602);
    expect((await call(server, 'tools/call', { name: 7 })).error?.code).toBe(-32602);
    expect((await call(server, 'tools/call', { name: 'add', arguments: { a: 'x' } })).result?.isError).toBe(
      true,
    );
    expect((await call(server, 'tools/call', { name: 'needs_sampling' })).error?.code).toBe(-32021);
    const oldVersion = meta({ 'io.modelcontextprotocol/protocolVersion': '1999-01-01' });
    expect((await call(server, 'tools/list', { _meta: oldVersion })).error?.code).toBe(-32022);
    expect(reports).toEqual([]);
  });

  it('a refusal for capacity (-32603, a quota the caller reached) is not reported', async () => {
    const { reports } = reportingServer();
    const server = new McpServer(
      { name: 'busy', version: '1.0.0' },
      { maxListens: 1, onError: (error, info) => reports.push({ error, info }) },
    );
    const listen = () => request('subscriptions/listen', { notifications: { toolsListChanged: true } });
    const open = server.handle(listen(), { signal: new AbortController().signal, transport: 'memory' });
    const first = open[Symbol.asyncIterator]();
    expect(await first.next()).toMatchObject({ done: false });
    const refused = await send(server, listen());
    expect(refused.error?.code).toBe(-32603);
    expect(reports).toEqual([]);
    await first.return?.();
  });

  it('by default a failure goes to stderr with the tool and the stack, and nothing to stdout', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stdout = vi.spyOn(process.stdout, 'write');
    const log = vi.spyOn(console, 'log');
    const server = new McpServer({ name: 'default', version: '1.0.0' });
    server.tool('throws', {}, () => {
      throw new Error('the disk is full');
    });
    await call(server, 'tools/call', { name: 'throws' });
    expect(stderr).toHaveBeenCalledTimes(1);
    const [line, error] = stderr.mock.calls[0] as [string, Error];
    expect(line).toMatch(/^\[@mcpkit\/server\] tool "throws" \(request \d+\) failed:$/);
    expect(error.stack).toContain('error-report.test.ts');
    expect(stdout).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('a handler that logs on a server without the logging capability: one warning, however often it logs', async () => {
    const reports: { error: unknown; info: ServerErrorInfo }[] = [];
    const onError = (error: unknown, info: ServerErrorInfo) => reports.push({ error, info });
    const logs = (server: McpServer) =>
      server.tool('logs', {}, (_, ctx) => {
        ctx.log.info('one');
        ctx.log.warning('two');
        return { content: [] };
      });
    const undeclared = new McpServer({ name: 'quiet', version: '1.0.0' }, { onError });
    logs(undeclared);
    const asksForLogs = meta({ 'io.modelcontextprotocol/logLevel': 'debug' });
    await call(undeclared, 'tools/call', { name: 'logs', _meta: asksForLogs });
    await call(undeclared, 'tools/call', { name: 'logs' });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.info).toEqual({ level: 'warning' });
    expect((reports[0]!.error as Error).message).toBe(
      'A handler logged (ctx.log.info) on a server that did not declare the logging capability, so its ' +
        'messages are dropped. Declare it to send them: new McpServer(info, { capabilities: { logging: {} } }).',
    );

    reports.length = 0;
    const declared = new McpServer(
      { name: 'loud', version: '1.0.0' },
      { onError, capabilities: { logging: {} } },
    );
    logs(declared);
    const { notifications } = await call(declared, 'tools/call', { name: 'logs', _meta: asksForLogs });
    expect(notifications).toHaveLength(2);
    await call(declared, 'tools/call', { name: 'logs' });
    expect(reports).toEqual([]);
  });

  it('by default the warning goes to stderr through console.warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = new McpServer({ name: 'default', version: '1.0.0' });
    server.tool('logs', {}, (_, ctx) => {
      ctx.log.info('hello');
      return { content: [] };
    });
    await call(server, 'tools/call', { name: 'logs' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      expect.stringMatching(/^\[@mcpkit\/server\] warning: A handler logged \(ctx\.log\.info\) on a server/),
    ]);
  });
});
