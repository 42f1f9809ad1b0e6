import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { legacyTestServer } from './server.js';

type Server = ReturnType<typeof legacyTestServer>['server'];

/** Sends one message as a 2025-era HTTP client without a session does, and collects what comes back. */
async function post(server: Server, message: Record<string, unknown>) {
  const headers = new Headers({ 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' });
  const items: Array<Record<string, unknown>> = [];
  for await (const item of server.handle(message, new LazyRequestContext({ transport: 'http', headers }))) {
    items.push(('response' in item ? item.response : item) as Record<string, unknown>);
  }
  return items;
}

async function initialize(server: Server) {
  return post(server, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: {}, sampling: {}, roots: {} },
      clientInfo: { name: 'c', version: '1' },
    },
  });
}

describe('stateless legacy mode', () => {
  it.each(['ask_name', 'ask_all'])(
    'B-13: %s, which asks the client for input, is refused with an isError result saying why; nothing is sent to the client',
    async (tool) => {
      const { server } = legacyTestServer({ legacy: { stateless: true } });
      expect(await initialize(server)).toMatchObject([{ result: { protocolVersion: '2025-11-25' } }]);
      const items = await post(server, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: tool },
      });
      // One item: the refusal. No elicitation/create or sampling/createMessage went out first.
      expect(items).toHaveLength(1);
      // -32021 does not exist in 2025-11-25: the refusal is the tool's result, as 2025 servers give it.
      expect(items[0]).toMatchObject({
        id: 1,
        result: {
          isError: true,
          content: [
            {
              type: 'text',
              text: expect.stringContaining('without sessions, so it knows no client capabilities'),
            },
          ],
        },
      });
      expect(items[0]).not.toHaveProperty('error');
    },
  );

  it('B-13: with sessions, the same tool sends elicitation/create on the request stream', async () => {
    const { server } = legacyTestServer();
    const headers = new Headers({ 'content-type': 'application/json' });
    const init = server.handle(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: {} },
          clientInfo: { name: 'c', version: '1' },
        },
      },
      new LazyRequestContext({ transport: 'http', headers }),
    );
    for await (const _ of init);
    headers.set('mcp-session-id', init.session!.id!);
    const call = server.handle(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask_name' } },
      new LazyRequestContext({ transport: 'http', headers }),
    );
    const first = await call[Symbol.asyncIterator]().next();
    expect(first.value).toMatchObject({ method: 'elicitation/create' });
    await call[Symbol.asyncIterator]().return?.();
  });
});
