import { createInMemoryTransport, type InputRequests, type JSONRPCRequest } from '@mcpkit/protocol';
import { type InputHandlers, McpClient, type McpClientOptions } from '../../src/index.js';
import { mockServer } from './mock-server.js';

export type P = {
  name?: string;
  uri?: string;
  inputResponses?: Record<string, unknown>;
  requestState?: string;
  arguments?: unknown;
};
export const paramsOf = (request: JSONRPCRequest) => request.params as P;

export const confirm: InputRequests = {
  confirm: {
    method: 'elicitation/create',
    params: {
      message: 'Confirm?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    },
  },
};
export const done = (text: string) => ({ resultType: 'complete', content: [{ type: 'text', text }] });
export const yes: InputHandlers = {
  elicitation: { form: () => ({ action: 'accept', content: { ok: true } }) },
};

export function client(handlers: Parameters<typeof mockServer>[0], options: McpClientOptions = {}) {
  const server = mockServer(handlers, { tools: {}, prompts: {}, resources: {} });
  return {
    server,
    client: new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      handlers: yes,
      ...options,
    }),
  };
}
