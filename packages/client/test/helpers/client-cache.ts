import type { JSONRPCRequest } from '@mcpkit/protocol';
import { McpClient, type McpClientOptions } from '../../src/index.js';
import { clock, mockServer, recordingTransport } from './mock-server.js';

export const caps = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
};
export function setup(handlers: Parameters<typeof mockServer>[0], options: McpClientOptions = {}) {
  const time = clock();
  const server = mockServer(handlers, caps);
  const transport = recordingTransport(server);
  const client = new McpClient(transport, {
    now: time.now,
    onWarning: () => {},
    reopenDelayMs: () => 0,
    ...options,
  });
  return { time, server, client, transport };
}
export const uriOf = (request: JSONRPCRequest) => (request.params as { uri: string }).uri;
export const read =
  (ttlMs: number, cacheScope = 'private') =>
  (request: JSONRPCRequest) => ({
    resultType: 'complete',
    ttlMs,
    cacheScope,
    contents: [{ uri: uriOf(request), text: `${uriOf(request)}#${Math.random()}` }],
  });
