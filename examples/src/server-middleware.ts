// Server middleware: a caller sees, and may call, only the tools its grants allow.
import { McpError, McpServer } from '@mcpkit/server';

type Auth = { readonly scopes?: readonly string[] } | undefined;
const allowedName = (name: string, auth: Auth) => name === 'public' || (auth?.scopes ?? []).includes(name);
const allowed = (tool: { name: string }, auth: Auth) => allowedName(tool.name, auth);

export const server = new McpServer({ name: 'guarded', version: '1.0.0' });
server.tool('public', { description: 'Anyone' }, () => ({ content: [{ type: 'text', text: 'public' }] }));
server.tool('admin', { description: 'Admins only' }, () => ({ content: [{ type: 'text', text: 'admin' }] }));

// #region middleware
server.use(async (call) => {
  if (call.method === 'tools/list') {
    // narrows params and next()
    const result = await call.next();
    return { ...result, tools: result.tools.filter((t) => allowed(t, call.context.auth)) };
  }
  if (call.method === 'tools/call' && !allowedName(call.params.name, call.context.auth)) {
    throw McpError.invalidParams(`Unknown tool: ${call.params.name}`);
  }
  return call.next();
});
// #endregion middleware
