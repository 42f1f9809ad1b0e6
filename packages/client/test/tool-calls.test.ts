import { getEventListeners } from 'node:events';
import { createInMemoryTransport, type JSONRPCRequest } from '@mcpkit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpClient, RequestAbortedError, RequestTimeoutError } from '../src/index.js';
import { MAX_PAGES } from '../src/pages.js';
import { mockServer } from './helpers/mock-server.js';

const callOk = () => ({ resultType: 'complete', content: [] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tools/list that never ends: every page has a new cursor, and only the first has a tool. */
function endlessList(delayMs = 0) {
  return async (request: JSONRPCRequest) => {
    if (delayMs > 0) await sleep(delayMs);
    const n = Number((request.params as { cursor?: string }).cursor ?? 0);
    return {
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'public',
      tools: n === 0 ? [{ name: 'a', inputSchema: { type: 'object' } }] : [],
      nextCursor: String(n + 1),
    };
  };
}

/** Settles into `outcome` so a test can look without awaiting a call that may never end. */
function watch(call: Promise<unknown>) {
  const watched = { outcome: 'pending' as unknown };
  call.then(
    (value) => {
      watched.outcome = value;
    },
    (error: unknown) => {
      watched.outcome = error;
    },
  );
  return watched;
}

describe("callTool's automatic tools/list", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('C-38: a server whose tools/list never ends is listed for at most MAX_PAGES pages, then the tool is called', async () => {
    const server = mockServer({
      'tools/list': (request) => {
        // Bounded here so that a walk without a limit fails the test instead of running forever.
        if (server.calls('tools/list').length > 3 * MAX_PAGES) throw new Error('the walk did not stop');
        return endlessList()(request);
      },
      'tools/call': callOk,
    });
    const client = new McpClient(createInMemoryTransport(server));
    expect(await client.callTool('b')).toEqual(callOk());
    expect(server.calls('tools/list')).toHaveLength(MAX_PAGES);
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it("C-54, P-81: the walk as a whole stops at the call's maxTotalTimeoutMs, however promptly each page arrives", async () => {
    vi.useFakeTimers();
    const server = mockServer({ 'tools/list': endlessList(100), 'tools/call': callOk });
    const client = new McpClient(createInMemoryTransport(server), { timeoutMs: 500 });
    const call = watch(client.callTool('b', {}, { maxTotalTimeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(call.outcome).toBeInstanceOf(RequestTimeoutError);
    expect(call.outcome).toMatchObject({ method: 'tools/list', limit: 'maximum', timeoutMs: 1000 });
    expect(server.calls('tools/call')).toHaveLength(0);
  });

  it("C-54: without a per-call maximum the client's maxTotalTimeoutMs bounds the walk", async () => {
    vi.useFakeTimers();
    const server = mockServer({ 'tools/list': endlessList(100), 'tools/call': callOk });
    const client = new McpClient(createInMemoryTransport(server), {
      timeoutMs: 500,
      maxTotalTimeoutMs: 2000,
    });
    const call = watch(client.callTool('b'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(call.outcome).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 2000 });
  });

  it("C-51: aborting the call's signal stops the walk, and no listener is left on the signal", async () => {
    vi.useFakeTimers();
    const server = mockServer({ 'tools/list': endlessList(100), 'tools/call': callOk });
    const client = new McpClient(createInMemoryTransport(server));
    const controller = new AbortController();
    const call = watch(client.callTool('b', {}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(350);
    controller.abort(new Error('enough'));
    await vi.advanceTimersByTimeAsync(0);
    expect(call.outcome).toBeInstanceOf(RequestAbortedError);
    expect(server.calls('tools/call')).toHaveLength(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);

    const calm = new AbortController();
    const listed = mockServer({
      'tools/list': () => ({ resultType: 'complete', tools: [] }),
      'tools/call': callOk,
    });
    await new McpClient(createInMemoryTransport(listed)).callTool('b', {}, { signal: calm.signal });
    expect(getEventListeners(calm.signal, 'abort')).toHaveLength(0);
  });
});
