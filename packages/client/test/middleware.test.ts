import { type CallToolResult, createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type ClientCall, McpClient, RequestTimeoutError } from '../src/index.js';
import { meta, mockServer } from './helpers/mock-server.js';

const echo = (request: { params?: unknown }) => ({
  resultType: 'complete',
  content: [{ type: 'text', text: JSON.stringify((request.params as { arguments?: unknown }).arguments) }],
});

function echoServer() {
  return mockServer({
    'tools/list': () => ({
      resultType: 'complete',
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
    }),
    'tools/call': echo,
  });
}

describe('client middleware (client.use)', () => {
  it('runs the first added outermost, around the whole call, and sees the result', async () => {
    const server = echoServer();
    const client = new McpClient(createInMemoryTransport(server));
    const seen: string[] = [];
    client
      .use(async (call, next) => {
        seen.push(`outer in ${call.method}`);
        const result = await next(call);
        seen.push(`outer out ${result.resultType}`);
        return result;
      })
      .use(async (call, next) => {
        seen.push(`inner in ${call.method}`);
        const result = await next(call);
        seen.push('inner out');
        return result;
      });
    await client.callTool('echo', { a: 1 });
    expect(seen).toEqual([
      'outer in tools/call',
      'inner in tools/call',
      // The probe the connect step waits for passes the middleware too, inside the first call.
      'outer in server/discover',
      'inner in server/discover',
      'inner out',
      'outer out complete',
      // The listing before an unseen tool is a call of its own, inside the tool call.
      'outer in tools/list',
      'inner in tools/list',
      'inner out',
      'outer out complete',
      'inner out',
      'outer out complete',
    ]);
  });

  it('may answer without calling next: nothing is sent, not even the probe', async () => {
    const server = echoServer();
    const client = new McpClient(createInMemoryTransport(server));
    const canned: CallToolResult = { resultType: 'complete', content: [{ type: 'text', text: 'canned' }] };
    client.use(async (call, next) => (call.method === 'tools/call' ? canned : next(call)));
    expect(await client.callTool('echo', { a: 1 })).toBe(canned);
    expect(server.requests).toEqual([]);
  });

  it('may change params and options before next: the request carries the changes', async () => {
    const server = echoServer();
    const client = new McpClient(createInMemoryTransport(server));
    client.use((call, next) =>
      next({
        ...call,
        params: call.method === 'tools/call' ? { ...call.params, arguments: { a: 2 } } : call.params,
        options: { ...call.options, meta: { traceparent: '00-abc-def-01' } },
      }),
    );
    const result = await client.callTool('echo', { a: 1 });
    expect(result.content).toEqual([{ type: 'text', text: '{"a":2}' }]);
    const [sent] = server.calls('tools/call');
    expect(meta(sent!).traceparent).toBe('00-abc-def-01');
    expect(meta(server.calls('tools/list')[0]!).traceparent).toBe('00-abc-def-01');
  });

  it("may change the call's options in place, such as its timeout", async () => {
    const server = mockServer({ 'tools/call': () => new Promise(() => {}) });
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    client.use((call, next) => {
      call.options = { ...call.options, timeoutMs: 20 };
      return next(call);
    });
    await expect(client.callTool('hang')).rejects.toMatchObject({
      name: 'RequestTimeoutError',
      limit: 'idle',
      timeoutMs: 20,
    });
  });

  it("propagates the server's error to the middleware, and the middleware's error to the caller", async () => {
    const server = mockServer({ 'tools/call': () => new McpError(-32603, 'broken') });
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    const caught: unknown[] = [];
    client.use(async (call, next) => {
      try {
        return await next(call);
      } catch (error) {
        caught.push(error);
        throw new Error(`wrapped: ${(error as Error).message}`);
      }
    });
    await expect(client.callTool('x')).rejects.toThrow('wrapped: broken');
    expect(caught).toHaveLength(1);
    expect(caught[0]).toBeInstanceOf(McpError);
    expect(caught[0]).toMatchObject({ code: -32603 });
  });

  it('a middleware that throws before next fails the call, and nothing is sent', async () => {
    const server = echoServer();
    const client = new McpClient(createInMemoryTransport(server));
    client.use(() => {
      throw new Error('refused by policy');
    });
    await expect(client.listTools()).rejects.toThrow('refused by policy');
    expect(server.requests).toEqual([]);
  });

  it('next() with no call hands the call on as it is, as on the server (one compose for both)', async () => {
    const server = echoServer();
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    client.use((_call, next) => next());
    client.use((call, next) => next({ ...call, params: { ...call.params, arguments: { b: 2 } } }));
    client.use((_call, next) => next());
    await client.callTool('echo', { a: 1 });
    expect(server.calls('tools/call').map((request) => request.params?.arguments)).toEqual([{ b: 2 }]);
  });

  it('calling next twice throws, and the tool runs once', async () => {
    const server = echoServer();
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    let second: unknown;
    client.use(async (call, next) => {
      const result = await next(call);
      second = await next(call).catch((error: unknown) => error);
      return result;
    });
    await client.callTool('echo', { a: 1 });
    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toMatch(/^client call middleware #1 called next\(\) twice/);
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('sees one call however many requests it takes: input rounds and the -32022 retry are inside', async () => {
    let round = 0;
    const server = mockServer({
      'tools/call': (request) => {
        round++;
        if (round === 1) return new McpError(-32022, 'old', { supported: ['2026-07-28'] });
        const params = request.params as { inputResponses?: unknown };
        if (params.inputResponses === undefined) {
          return {
            resultType: 'input_required',
            inputRequests: { r: { method: 'roots/list', params: {} } },
          };
        }
        return { resultType: 'complete', content: [] };
      },
    });
    const client = new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      handlers: { roots: () => [{ uri: 'file:///p' }] },
    });
    const calls: ClientCall[] = [];
    client.use(async (call, next) => {
      calls.push(call);
      return next(call);
    });
    await client.callTool('t');
    expect(server.calls('tools/call')).toHaveLength(3);
    const toolCalls = calls.filter((call) => call.method === 'tools/call');
    expect(toolCalls).toHaveLength(1);
    expect(toolCalls[0]).toMatchObject({ method: 'tools/call', round: 1, version: '2026-07-28' });
  });

  it('C-52: a call whose signal is already aborted rejects before any middleware runs', async () => {
    const client = new McpClient(createInMemoryTransport(echoServer()));
    let ran = false;
    client.use((call, next) => {
      ran = true;
      return next(call);
    });
    await expect(client.callTool('echo', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'RequestAbortedError',
    });
    expect(ran).toBe(false);
  });

  it('the deadline on the call bounds it: a middleware may shorten it', async () => {
    const server = mockServer({ 'tools/call': () => new Promise(() => {}) });
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    // Only the hanging call: a 20 ms deadline on the connect probe could run out on a loaded machine,
    // and a probe with no answer in time is read as a 2025-era server.
    client.use((call, next) => {
      if (call.method === 'tools/call') call.deadline = Date.now() + 20;
      return next(call);
    });
    const failure = await client.callTool('hang').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).toMatchObject({ limit: 'maximum' });
  });
});
