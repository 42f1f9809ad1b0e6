import { createInMemoryTransport } from '@mcpkit/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpClient } from '../src/index.js';
import { mockServer } from './helpers/mock-server.js';

const done = { resultType: 'complete', content: [] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function client(handler: () => unknown) {
  const server = mockServer({ 'tools/call': handler as never });
  return new McpClient(createInMemoryTransport(server), {
    protocolVersion: '2026-07-28',
    autoListTools: false,
  });
}

describe('the clock a request reads (C-54, P-81)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a call whose request goes out in the turn it started reads the clock once', async () => {
    const mcp = client(() => done);
    await mcp.callTool('warm');
    const now = vi.spyOn(Date, 'now');
    await mcp.callTool('echo');
    expect(now).toHaveBeenCalledTimes(1);
  });

  it('a request sent after an await counts its idle timeout from when it is sent', async () => {
    vi.useFakeTimers();
    const mcp = client(async () => {
      await sleep(500);
      return done;
    });
    mcp.use({
      call: async (call, next) => {
        await sleep(800);
        return next(call);
      },
    });
    const call = mcp.callTool('late', {}, { timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1300);
    await expect(call).resolves.toEqual(done);
  });
});
