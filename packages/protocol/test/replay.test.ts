import { describe, expect, it } from 'vitest';
import {
  createInMemoryTransport,
  type ExchangeMessage,
  type RecordedSession,
  replaySession,
} from '../src/index.js';

const progress = {
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 7, progress: 1 },
};
const session: RecordedSession = {
  messages: [
    {
      direction: 'out',
      message: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'a', arguments: {}, _meta: { progressToken: 7 } },
      },
    },
    {
      direction: 'out',
      message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'b', arguments: {} } },
    },
    { direction: 'in', message: progress, request: 1 },
    {
      direction: 'in',
      message: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'b' }] } },
    },
    {
      direction: 'in',
      message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'a1' }] } },
    },
    {
      direction: 'out',
      message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'a', arguments: {} } },
    },
    {
      direction: 'in',
      message: { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'a2' }] } },
    },
  ],
};

async function ask(
  transport: ReturnType<typeof createInMemoryTransport>,
  id: number,
  params: Record<string, unknown>,
) {
  const out: ExchangeMessage[] = [];
  for await (const item of transport.exchange({ jsonrpc: '2.0', id, method: 'tools/call', params }, {}))
    out.push(item);
  return out;
}

describe('replaySession', () => {
  it('answers each request as recorded, in order and with its own id, notifications first', async () => {
    const transport = createInMemoryTransport(replaySession(session));
    expect(await ask(transport, 40, { name: 'a', arguments: {}, _meta: { progressToken: 9 } })).toEqual([
      progress,
      { jsonrpc: '2.0', id: 40, result: { content: [{ type: 'text', text: 'a1' }] } },
    ]);
    expect(await ask(transport, 41, { name: 'a', arguments: {} })).toEqual([
      { jsonrpc: '2.0', id: 41, result: { content: [{ type: 'text', text: 'a2' }] } },
    ]);
    // Once the recorded answers run out, the last one answers again.
    expect((await ask(transport, 42, { name: 'a', arguments: {} }))[0]).toMatchObject({
      id: 42,
      result: { content: [{ text: 'a2' }] },
    });
    expect(await ask(transport, 43, { name: 'b', arguments: {} })).toEqual([
      { jsonrpc: '2.0', id: 43, result: { content: [{ type: 'text', text: 'b' }] } },
    ]);
  });

  it('answers a request the session never made with a method-not-found error naming it', async () => {
    const transport = createInMemoryTransport(replaySession(session));
    expect(await ask(transport, 5, { name: 'c', arguments: {} })).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        error: {
          code: -32601,
          message: 'The recorded session has no answer to tools/call with these params',
        },
      },
    ]);
  });
});
