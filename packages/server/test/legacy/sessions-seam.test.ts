import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { legacyTestServer } from './server.js';

const bare = () => new LazyRequestContext({ transport: 'http', headers: new Headers() });

describe('McpServer.sessions: the 2025 HTTP sessions as one member of the endpoint', () => {
  it('B-11: a server that keeps sessions offers them; a GET or DELETE naming no session is 405', async () => {
    const { sessions } = legacyTestServer().server;
    expect(sessions).toBeDefined();
    expect(await sessions!.openStream(bare())).toEqual({ kind: 'refused', status: 405 });
    expect(await sessions!.endSession(bare())).toEqual({ kind: 'refused', status: 405 });
  });

  it.each([
    ['reject', { legacy: 'reject' as const }],
    ['stateless', { legacy: { stateless: true } }],
  ])('H-38: with legacy %s there are no sessions to offer', (_, options) => {
    expect(legacyTestServer(options).server.sessions).toBeUndefined();
  });
});
