import type { MessageLike } from '../../src/message.js';

/** A message context as the middleware of `@mcpkit/protocol` hands it to a hook. */
export function message(overrides: Partial<MessageLike> & Pick<MessageLike, 'method'>): MessageLike {
  return {
    side: 'client',
    kind: 'request',
    params: {},
    id: 1,
    protocolVersion: '2026-07-28',
    sessionId: undefined,
    network: { transport: 'pipe' },
    ...overrides,
  };
}
