import type { ClientTransport, JSONRPCRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, McpClient } from '../src/index.js';

/** A transport with the 2025-era wire whose server answers `initialize` with `result`. */
function olderServer(result: Record<string, unknown>): ClientTransport {
  return {
    async *exchange(request: JSONRPCRequest) {
      if (request.method === 'initialize') yield { jsonrpc: '2.0', id: request.id, result: result as never };
    },
    notify: async () => {},
    close: async () => {},
    legacy: {
      onServerRequest: () => () => {},
      beginSession: () => {},
      endSession: async () => {},
      serverMessages: async function* () {},
    },
  };
}

const answer = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'older', version: '1.0.0' },
};

describe('the 2025-era handshake reads initialize with the typed 2025 wire', () => {
  it('B-9: the whole answer, unknown fields included, describes the server', async () => {
    const client = new McpClient(olderServer({ ...answer, instructions: 'Be kind', extra: 1 }), {
      era: 'legacy',
    });
    const server = await client.connect();
    expect(server).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'older', version: '1.0.0' },
      instructions: 'Be kind',
      initializeResult: { extra: 1 },
    });
    await client.close();
  });

  it('B-9: an answer that is no InitializeResult fails with InvalidResponseError naming what is wrong', async () => {
    const { serverInfo: _, ...withoutInfo } = answer;
    const client = new McpClient(olderServer(withoutInfo), { era: 'legacy' });
    const failure = await client.connect().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as Error).message).toMatch(/serverInfo/);
    await client.close();
  });
});
