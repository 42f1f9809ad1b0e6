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
  it.each([
    ['ask_name', 'elicitation'],
    ['ask_all', 'sampling'],
  ])(
    'B-13: %s, which asks the client for input, is refused with -32021 saying why; nothing is sent to the client',
    async (tool, capability) => {
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
      expect(items[0]).toMatchObject({
        id: 1,
        error: {
          code: -32021,
          message: expect.stringContaining('without sessions, so it knows no client capabilities'),
          data: { requiredCapabilities: { [capability]: {} } },
        },
      });
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
