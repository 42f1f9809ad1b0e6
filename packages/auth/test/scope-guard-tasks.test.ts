import { type AuthInfo, TASKS_EXTENSION } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { scopeGuard } from '../src/server/index.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
};

let id = 0;

/** The final response of one request to `server`, as `auth` (undefined: anonymous). */
async function send(server: McpServer, method: string, params: Record<string, unknown>, auth?: AuthInfo) {
  const exchange = server.handle(
    { jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: META } },
    { signal: new AbortController().signal, transport: 'memory', auth },
  );
  let last: Record<string, unknown> = {};
  for await (const item of exchange)
    last = ('response' in item ? item.response : item) as Record<string, unknown>;
  return last as { result?: Record<string, unknown>; error?: { code: number } };
}

describe('scopeGuard and the tasks extension', () => {
  it('X-18: task requests need the scopes of requiredScopes and methodScopes like any other', async () => {
    const server = new McpServer({ name: 's', version: '1' }, { tasks: {} });
    server.tool('long', { taskSupport: 'optional' }, (_args, ctx) =>
      ctx.runAsTask(() => new Promise<never>(() => {})),
    );
    server.use(scopeGuard(server, { requiredScopes: ['mcp'], methodScopes: { 'tasks/cancel': ['admin'] } }));
    const user: AuthInfo = { principal: 'u', scopes: ['mcp'] };
    const created = await send(server, 'tools/call', { name: 'long' }, user);
    const taskId = created.result?.taskId as string;
    expect((await send(server, 'tasks/get', { taskId })).error?.code).toBe(-31401);
    expect((await send(server, 'tasks/get', { taskId }, user)).result?.status).toBe('working');
    expect((await send(server, 'tasks/cancel', { taskId }, user)).error?.code).toBe(-31403);
    const admin: AuthInfo = { principal: 'u', scopes: ['mcp', 'admin'] };
    expect((await send(server, 'tasks/cancel', { taskId }, admin)).result?.resultType).toBe('complete');
  });
});
