import { type AuthInfo, TASKS_EXTENSION } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { scopeGuard } from '../src/server/index.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} }, elicitation: {} },
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

const CONFIRM = {
  message: 'Wipe it?',
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
} as const;

/**
 * A server whose tool `wipe` needs scope `s` and runs as a task that asks a question, guarded by
 * `scopeGuard`; and the id of a task `wipe` started for principal `u` holding `s`, waiting for its answer.
 */
async function waitingTask() {
  const server = new McpServer(
    { name: 's', version: '1' },
    { tasks: { pollIntervalMs: 5 }, onError: () => {} },
  );
  server.tool('wipe', { scopes: ['s'], taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(async (task) => {
      const answer = await task.elicit('confirm', CONFIRM);
      return { content: [{ type: 'text', text: answer.action }] };
    }),
  );
  server.use(scopeGuard(server));
  const created = await send(server, 'tools/call', { name: 'wipe' }, FULL);
  const taskId = created.result?.taskId as string;
  while ((await send(server, 'tasks/get', { taskId }, FULL)).result?.status !== 'input_required')
    await new Promise((resolve) => setTimeout(resolve, 5));
  return { server, taskId };
}

const FULL: AuthInfo = { principal: 'u', scopes: ['s'] };
const LESSER: AuthInfo = { principal: 'u', scopes: ['other'] };
const YES = { action: 'accept', content: { confirm: true } };

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

  it("X-18, A-9: a task needs the scopes of the tool that made it: the same principal's token without them cannot read, answer or cancel it", async () => {
    const { server, taskId } = await waitingTask();
    const requests = [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: { confirm: YES } }],
      ['tasks/cancel', { taskId }],
    ] as const;
    for (const [method, params] of requests) {
      expect(await send(server, method, params, LESSER), method).toMatchObject({
        error: { code: -31403, data: { requiredScopes: ['s'] } },
      });
    }
    // Neither answered nor cancelled.
    expect((await send(server, 'tasks/get', { taskId }, FULL)).result?.status).toBe('input_required');
    const answered = await send(server, 'tasks/update', { taskId, inputResponses: { confirm: YES } }, FULL);
    expect(answered.result?.resultType).toBe('complete');
    let done = await send(server, 'tasks/get', { taskId }, FULL);
    while (done.result?.status !== 'completed') done = await send(server, 'tasks/get', { taskId }, FULL);
    expect(done.result?.result).toMatchObject({ content: [{ text: 'accept' }] });
    expect((await send(server, 'tasks/cancel', { taskId }, FULL)).result?.resultType).toBe('complete');
  });

  it("X-18, A-9: a listen for a task's status needs the scopes of the tool that made it", async () => {
    const { server, taskId } = await waitingTask();
    const listen = await send(
      server,
      'subscriptions/listen',
      { notifications: { taskIds: [taskId] } },
      LESSER,
    );
    expect(listen).toMatchObject({ error: { code: -31403, data: { requiredScopes: ['s'] } } });
  });

  it("X-18: the task's scopes are asked only of who may see the task: another principal gets the unknown task's -32602, learning nothing", async () => {
    const { server, taskId } = await waitingTask();
    const bob: AuthInfo = { principal: 'bob', scopes: [] };
    expect((await send(server, 'tasks/get', { taskId }, bob)).error?.code).toBe(-32602);
    expect((await send(server, 'tasks/get', { taskId: 'nope' }, LESSER)).error?.code).toBe(-32602);
  });
});
