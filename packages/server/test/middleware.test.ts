import { McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer, type Middleware } from '../src/index.js';
import { call, meta } from './helpers.js';

/**
 * The tested example: per-caller tool filtering. Tools tagged `_meta["com.example/scope"]` are
 * listed and callable only for callers whose token carries that scope; for anyone else they do
 * not exist (an unknown tool is -32602, S-18). Lists then differ per caller, so they must not be
 * cached as "public" (S-42): the default scope is "private".
 */
function scopedTools(scopeOf: (toolName: string) => string | undefined): Middleware {
  const allowed = (name: string, scopes: readonly string[] | undefined) => {
    const scope = scopeOf(name);
    return scope === undefined || (scopes ?? []).includes(scope);
  };
  return async (call) => {
    const scopes = call.context.auth?.scopes;
    if (call.method === 'tools/list') {
      const result = await call.next();
      return { ...result, tools: result.tools.filter((tool) => allowed(tool.name, scopes)) };
    }
    if (call.method === 'tools/call' && !allowed(call.params.name, scopes)) {
      throw McpError.invalidParams(`Unknown tool: ${call.params.name}`);
    }
    return call.next();
  };
}

function newServer() {
  const server = new McpServer({ name: 'mw', version: '1' });
  const scopes: Record<string, string> = {};
  server.tool('search', {}, () => ({ content: [{ type: 'text', text: 'results' }] }));
  server.tool('delete_everything', { _meta: { 'com.example/scope': 'admin' } }, () => ({
    content: [{ type: 'text', text: 'deleted' }],
  }));
  scopes.delete_everything = 'admin';
  server.use(scopedTools((name) => scopes[name]));
  return server;
}

const names = (result: Record<string, unknown> | undefined) =>
  ((result?.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);

describe('middleware', () => {
  it('a second next() throws and the handler runs once: a side-effecting tool never runs twice', async () => {
    const server = new McpServer({ name: 'mw', version: '1' }, { onError: () => {} });
    let charges = 0;
    server.tool('charge', {}, () => {
      charges++;
      return { content: [{ type: 'text', text: 'charged' }] };
    });
    let second: unknown;
    server.use(async (_call, next) => {
      const first = await next();
      try {
        await next();
      } catch (error) {
        second = error;
      }
      return first;
    });
    const outcome = await call(server, 'tools/call', { name: 'charge' });
    expect(charges).toBe(1);
    expect(second).toBeInstanceOf(Error);
    expect(outcome.result?.content).toEqual([{ type: 'text', text: 'charged' }]);
  });

  it('a middleware that lets the second next() throw answers -32603, the handler having run once', async () => {
    const server = new McpServer({ name: 'mw', version: '1' }, { onError: () => {} });
    let charges = 0;
    server.tool('charge', {}, () => {
      charges++;
      return { content: [] };
    });
    server.use(async (_call, next) => {
      await next();
      return next();
    });
    expect((await call(server, 'tools/call', { name: 'charge' })).error?.code).toBe(-32603);
    expect(charges).toBe(1);
  });

  it('S-14, S-25, S-42: per-caller filtering hides tools from callers without the scope; the list stays private', async () => {
    const server = newServer();
    const admin = { auth: { principal: 'root', scopes: ['admin'] } };
    const user = { auth: { principal: 'ann', scopes: ['read'] } };
    expect(names((await call(server, 'tools/list', {}, admin)).result)).toEqual([
      'search',
      'delete_everything',
    ]);
    expect(names((await call(server, 'tools/list', {}, user)).result)).toEqual(['search']);
    expect((await call(server, 'tools/list', {}, user)).result?.cacheScope).toBe('private');
    expect((await call(server, 'tools/call', { name: 'delete_everything' }, user)).error).toEqual({
      code: -32602,
      message: 'Unknown tool: delete_everything',
    });
    expect((await call(server, 'tools/call', { name: 'delete_everything' }, admin)).result?.content).toEqual([
      { type: 'text', text: 'deleted' },
    ]);
  });

  it('runs in registration order, first outermost, around every method, with the request context', async () => {
    const server = new McpServer({ name: 'mw', version: '1' });
    server.tool('t', {}, () => ({ content: [] }));
    const trace: string[] = [];
    server.use(async (call, next) => {
      trace.push(`outer>${call.method}:${call.context.clientInfo?.name}`);
      const result = await next();
      trace.push('outer<');
      return result;
    });
    server.use(async (call, next) => {
      trace.push(`inner>${call.context.requestId}`);
      return next();
    });
    await call(server, 'tools/call', { name: 't', _meta: meta() }, {});
    await call(server, 'server/discover');
    expect(trace[0]).toBe('outer>tools/call:test-client');
    expect(trace[1]).toMatch(/^inner>\d+$/);
    expect(trace[2]).toBe('outer<');
    expect(trace[3]).toBe('outer>server/discover:test-client');
  });

  it('runs only for requests that passed validation', async () => {
    const server = new McpServer({ name: 'mw', version: '1' });
    let calls = 0;
    server.use(async (_call, next) => {
      calls++;
      return next();
    });
    await call(server, 'no/such');
    await call(server, 'tools/list', { _meta: {} });
    expect(calls).toBe(0);
  });

  it('may answer instead of the handler, or replace a result', async () => {
    const server = new McpServer({ name: 'mw', version: '1' }, { onError: () => {} });
    server.tool('t', {}, () => ({ content: [{ type: 'text', text: 'real' }] }));
    server.use(async (call, next) => {
      if (call.method === 'tools/call')
        return { resultType: 'complete', content: [{ type: 'text', text: 'from middleware' }] };
      return next();
    });
    expect((await call(server, 'tools/call', { name: 't' })).result?.content).toEqual([
      { type: 'text', text: 'from middleware' },
    ]);
    server.use(async () => 'nonsense' as never);
    expect((await call(server, 'tools/list')).error?.code).toBe(-32603);
  });
});

describe('scopes declared on registrations', () => {
  it('are read back by requiredScopes: tools, prompts, resources (through templates too)', () => {
    const server = new McpServer({ name: 'scoped', version: '1' });
    const text = { content: [{ type: 'text' as const, text: 'x' }] };
    server.tool('write', { scopes: ['files:write', 'files:write'] }, () => text);
    server.tool('open', {}, () => text);
    server.prompt('review', { scopes: ['prompts:read'] }, () => ({ messages: [] }));
    server.resource('file:///a', { name: 'a', scopes: ['files:read'] }, () => ({ contents: [] }));
    server.resourceTemplate('notes://{id}', { name: 'note', scopes: ['notes:read'] }, () => ({
      contents: [],
    }));
    expect(server.requiredScopes({ tool: 'write' })).toEqual(['files:write']);
    expect(server.requiredScopes({ tool: 'open' })).toEqual([]);
    expect(server.requiredScopes({ tool: 'missing' })).toEqual([]);
    expect(server.requiredScopes({ prompt: 'review' })).toEqual(['prompts:read']);
    expect(server.requiredScopes({ resource: 'file:///a' })).toEqual(['files:read']);
    expect(server.requiredScopes({ resource: 'notes://42' })).toEqual(['notes:read']);
    expect(server.requiredScopes({ resourceTemplate: 'notes://{id}' })).toEqual(['notes:read']);
  });

  it('S-34: a subscription names every resource whose updates it hears of: its own, those below it, templates that may fall below it', () => {
    const server = new McpServer({ name: 'scoped', version: '1' });
    const none = () => ({ contents: [] });
    server.resource('file:///project', { name: 'p', scopes: ['project'] }, none);
    server.resource('file:///project/secret', { name: 's', scopes: ['secret'] }, none);
    server.resource('file:///projector', { name: 'o', scopes: ['projector'] }, none);
    server.resourceTemplate('notes://{id}', { name: 'n', scopes: ['notes'] }, none);
    server.resourceTemplate('notes://archive/{+path}', { name: 'a', scopes: ['archive'] }, none);
    const under = (uri: string) => [...server.requiredScopes({ subscription: uri })].sort();
    expect(under('file:///project')).toEqual(['project', 'secret']);
    expect(under('file:///project/secret')).toEqual(['secret']);
    expect(under('file:///')).toEqual(['project', 'projector', 'secret']);
    expect(under('file:///proj')).toEqual([]);
    expect(under('notes://')).toEqual(['archive', 'notes']);
    expect(under('notes:')).toEqual(['archive', 'notes']);
    expect(under('notes://42')).toEqual(['notes']);
    expect(under('notes://archive')).toEqual(['archive', 'notes']);
    expect(under('notes://archive/2024/')).toEqual(['archive', 'notes']);
    expect(under('note')).toEqual([]);
    expect(under('other://x')).toEqual([]);
    const added = server.resource('file:///project/zz', { name: 'z', scopes: ['late'] }, none);
    server.resource('file:///project/a', { name: 'a', scopes: ['early'] }, none);
    expect(under('file:///project/')).toEqual(['early', 'late', 'secret']);
    added.remove();
    expect(under('file:///project/')).toEqual(['early', 'secret']);
  });

  it('follow an update, and a scope that is not an OAuth scope token is a TypeError', () => {
    const server = new McpServer({ name: 'scoped', version: '1' });
    const handle = server.tool('write', { scopes: ['a'] }, () => ({ content: [] }));
    handle.update({ scopes: ['b'] });
    expect(server.requiredScopes({ tool: 'write' })).toEqual(['b']);
    for (const bad of ['', 'two words', 'quote"', 'back\\slash', 'é']) {
      expect(() => server.tool(`t${bad.length}`, { scopes: [bad] }, () => ({ content: [] }))).toThrow(
        TypeError,
      );
    }
  });
});
