import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { JSONRPCNotification } from '@mcpkit/protocol';
import { LazyAbort } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { SseSource } from '../src/server/sse-source.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const notification: JSONRPCNotification = { jsonrpc: '2.0', method: 'notifications/message', params: {} };

/** An exchange that never ends, sending one notification per pull, like a busy listen. */
function endlessNotifications(): AsyncIterator<JSONRPCNotification> {
  return { next: async () => ({ done: false, value: notification }) };
}

async function pullFrames(source: SseSource, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await source.next();
}

describe('SSE source memory', () => {
  it('a long-lived SSE stream retains no memory per frame (keep-alive on, the server default)', async () => {
    const source = new SseSource(endlessNotifications(), notification, 1, new LazyAbort(), 15_000);
    await pullFrames(source, 5_000);
    const before = heapAfterGc();
    await pullFrames(source, 100_000);
    const grown = heapAfterGc() - before;
    source.cancel();
    // A reaction left per frame on a long-lived promise costs well over 100 bytes: 10 MB here.
    expect(grown).toBeLessThan(2 * 1024 * 1024);
  });

  it('a long-lived SSE stream retains no memory per frame (keep-alive off)', async () => {
    const source = new SseSource(endlessNotifications(), notification, 1, new LazyAbort(), 0);
    await pullFrames(source, 5_000);
    const before = heapAfterGc();
    await pullFrames(source, 100_000);
    const grown = heapAfterGc() - before;
    source.cancel();
    expect(grown).toBeLessThan(2 * 1024 * 1024);
  });
});
