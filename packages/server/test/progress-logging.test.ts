import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { call, meta } from './helpers.js';

function newServer(logging = true) {
  const server = new McpServer(
    { name: 'pl', version: '1' },
    logging ? { capabilities: { logging: {} } } : { onError: () => {} },
  );
  server.tool('test_tool_with_progress', {}, async (_, ctx) => {
    ctx.progress(0, 100);
    ctx.progress(50, 100, 'halfway');
    ctx.progress(50, 100);
    ctx.progress(40);
    ctx.progress(Number.NaN);
    ctx.progress(100, 100);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.tool('test_logging_tool', {}, (_, ctx) => {
    ctx.log.debug('debug detail');
    ctx.log.info({ step: 1 }, 'worker');
    ctx.log.error('bad thing');
    return { content: [] };
  });
  return server;
}

describe('progress (S-66, P-80)', () => {
  it('S-66: sends progress only when the request carried a progressToken', async () => {
    expect(
      (await call(newServer(), 'tools/call', { name: 'test_tool_with_progress' })).notifications,
    ).toEqual([]);
  });

  it('P-80: echoes the token, strictly increasing, before the response', async () => {
    const outcome = await call(newServer(), 'tools/call', {
      name: 'test_tool_with_progress',
      _meta: meta({ progressToken: 'progress-test-1' }),
    });
    expect(outcome.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'progress-test-1', progress: 0, total: 100 },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'progress-test-1', progress: 50, total: 100, message: 'halfway' },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'progress-test-1', progress: 100, total: 100 },
      },
    ]);
    expect(outcome.messages.at(-1)).toHaveProperty('result');
  });

  it('P-80: a progress that is not finite is dropped; a total that is not finite is left out', async () => {
    const server = newServer();
    server.tool('odd_numbers', {}, (_, ctx) => {
      ctx.progress(1, Number.NaN);
      ctx.progress(2, Number.POSITIVE_INFINITY, 'unbounded');
      ctx.progress(Number.POSITIVE_INFINITY, 10);
      ctx.progress(3, 10);
      return { content: [] };
    });
    const outcome = await call(server, 'tools/call', {
      name: 'odd_numbers',
      _meta: meta({ progressToken: 7 }),
    });
    expect(outcome.notifications.map((n) => n.params)).toEqual([
      { progressToken: 7, progress: 1 },
      { progressToken: 7, progress: 2, message: 'unbounded' },
      { progressToken: 7, progress: 3, total: 10 },
    ]);
  });

  it('S-66: progress after the response is dropped', async () => {
    const server = new McpServer({ name: 'pl', version: '1' });
    let late: (() => void) | undefined;
    server.tool('quick', {}, (_, ctx) => {
      late = () => ctx.progress(1);
      return { content: [] };
    });
    const outcome = await call(server, 'tools/call', { name: 'quick', _meta: meta({ progressToken: 7 }) });
    late?.();
    expect(outcome.messages).toHaveLength(1);
  });
});

describe('logging (S-67..S-72)', () => {
  it('S-69: no notifications/message without logLevel', async () => {
    expect((await call(newServer(), 'tools/call', { name: 'test_logging_tool' })).notifications).toEqual([]);
  });

  it('S-70: only at or above the requested level, on the request’s own stream, before the response', async () => {
    const outcome = await call(newServer(), 'tools/call', {
      name: 'test_logging_tool',
      _meta: meta({ 'io.modelcontextprotocol/logLevel': 'info' }),
    });
    expect(outcome.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: { step: 1 }, logger: 'worker' },
      },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: 'bad thing' } },
    ]);
    expect(outcome.messages.at(-1)).toHaveProperty('result');
  });

  it('S-67, S-68: logging is opt-in: a server that did not declare it sends none', async () => {
    const outcome = await call(newServer(false), 'tools/call', {
      name: 'test_logging_tool',
      _meta: meta({ 'io.modelcontextprotocol/logLevel': 'debug' }),
    });
    expect(outcome.notifications).toEqual([]);
  });

  it('S-72: the engine never puts a failure’s details in a log message or error the client sees', async () => {
    const reported: unknown[] = [];
    const server = new McpServer(
      { name: 'pl', version: '1' },
      { capabilities: { logging: {} }, onError: (error) => reported.push(error) },
    );
    server.resource('x://db', { name: 'db' }, () => {
      throw new Error('connect failed: password=hunter2');
    });
    const outcome = await call(server, 'resources/read', {
      uri: 'x://db',
      _meta: meta({ 'io.modelcontextprotocol/logLevel': 'debug' }),
    });
    expect(outcome.notifications).toEqual([]);
    expect(outcome.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(JSON.stringify(outcome.messages)).not.toContain('hunter2');
    expect(reported).toHaveLength(1);
  });
});
