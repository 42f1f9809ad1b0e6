import type { EndpointExchange, McpEndpoint, RequestContext } from '@mcpkit/protocol';
import { LazyRequestContext, LeanRequestContext, requestContextClass } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';

const info = { name: 'contexts', version: '1' };

describe('the request contexts transports give McpServer', () => {
  it('are lean: the server hands middleware, hooks and handlers objects of their own', () => {
    expect(requestContextClass(new McpServer(info))).toBe(LeanRequestContext);
    expect(requestContextClass(new McpServer(info, { legacy: 'reject' }))).toBe(LeanRequestContext);
  });

  it('are spread-safe for a wrapper of the server, which may pass a copy on', () => {
    const server = new McpServer(info);
    const wrapper: McpEndpoint = {
      handle: (message, context) => server.handle(message, { ...context, auth: { principal: 'gateway' } }),
      sessions: server.sessions,
    };
    expect(requestContextClass(wrapper)).toBe(LazyRequestContext);
  });

  it('are spread-safe for a subclass that overrides handle', () => {
    class Gateway extends McpServer {
      override handle(message: unknown, context: RequestContext): EndpointExchange {
        return super.handle(message, { ...context, auth: { principal: 'gateway' } });
      }
    }
    expect(requestContextClass(new Gateway(info))).toBe(LazyRequestContext);
  });
});
