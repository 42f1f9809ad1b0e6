// Server middleware: a caller sees, and may call, only the tools its grants allow.
import type { ListToolsResult } from '@mcpkit/protocol';
import { McpError, McpServer } from '@mcpkit/server';

type Auth = { readonly scopes?: readonly string[] } | undefined;
const allowedName = (name: string, auth: Auth) => name === 'public' || (auth?.scopes ?? []).includes(name);
const allowed = (tool: { name: string }, auth: Auth) => allowedName(tool.name, auth);

export const server = new McpServer({ name: 'guarded', version: '1.0.0' });
server.tool('public', { description: 'Anyone' }, () => ({ content: [{ type: 'text', text: 'public' }] }));
server.tool('admin', { description: 'Admins only' }, () => ({ content: [{ type: 'text', text: 'admin' }] }));

// #region middleware
server.use(async (ctx, next) => {
  if (ctx.method === 'tools/list') {
    const result = (await next()) as ListToolsResult;
    return { ...result, tools: result.tools.filter((t) => allowed(t, ctx.context.auth)) };
  }
  if (ctx.method === 'tools/call' && !allowedName(ctx.params.name, ctx.context.auth)) {
    throw McpError.invalidParams(`Unknown tool: ${ctx.params.name}`);
  }
  return next();
});
// #endregion middleware

/** What the hooks below saw: every request the server refused, by method and error code. */
export const refusals: string[] = [];

// #region hooks
server.use({
  // Every request and notification, refused ones too: next() rejects with the refusal.
  receive: async (ctx, next) => {
    try {
      return await next();
    } catch (error) {
      refusals.push(`${ctx.method} #${String(ctx.id)}: ${(error as McpError).code}`);
      throw error;
    }
  },
  // Every notification the server sends: here, tagged with where it goes.
  send: (ctx, next) =>
    next({ ...ctx, params: { ...ctx.params, _meta: { 'com.example/peer': ctx.network.transport } } }),
});
// #endregion hooks
