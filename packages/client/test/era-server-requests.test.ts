import {
  type ClientTransport,
  createInMemoryTransport,
  type McpEndpoint,
  type ServerRequestHandler,
} from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';
import { emptyToolsList, mockServer } from './helpers/mock-server.js';

/** The in-memory transport, recording the handler the client registers for the server's requests. */
function recordingHandler(endpoint: McpEndpoint) {
  const inner = createInMemoryTransport(endpoint);
  const registered: { handler: ServerRequestHandler | undefined } = { handler: undefined };
  const transport: ClientTransport = {
    exchange: (request, options) => inner.exchange(request, options),
    close: () => inner.close(),
    legacy: {
      onServerRequest(handler) {
        registered.handler = handler;
        return () => {
          if (registered.handler === handler) registered.handler = undefined;
        };
      },
      beginSession() {},
      endSession: async () => {},
      serverMessages: async function* () {},
    },
  };
  return { transport, registered };
}

describe('requests of the server, by era', () => {
  it('T-4, B-13: a client of the 2026 era registers no handler for them, so its transport writes no responses', async () => {
    const { transport, registered } = recordingHandler(
      mockServer({ 'tools/list': () => emptyToolsList }, { tools: {} }),
    );
    const client = new McpClient(transport, {
      handlers: { elicitation: { form: () => ({ action: 'accept', content: {} }) } },
    });
    expect(registered.handler).toBeUndefined();
    await client.listTools();
    expect(registered.handler).toBeUndefined();
    await client.close();
  });
});
