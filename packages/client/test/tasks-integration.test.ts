import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { followTasks, McpClient, RequestAbortedError } from '../src/index.js';

function server() {
  const s = new McpServer({ name: 'tasks', version: '1.0.0' }, { tasks: { pollIntervalMs: 2 } });
  s.tool(
    'deploy',
    {
      inputSchema: { type: 'object', properties: { env: { type: 'string' } }, required: ['env'] },
      taskSupport: 'optional',
    },
    ({ env }, ctx) =>
      ctx.runAsTask(async (task) => {
        const answer = await task.elicit('go', {
          message: `Deploy to ${env}?`,
          requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
        });
        const go = answer.action === 'accept' && answer.content.go;
        return { content: [{ type: 'text', text: go ? `deployed to ${env}` : 'not deployed' }] };
      }),
  );
  s.tool('forever', { taskSupport: 'required' }, (_args, ctx) =>
    ctx.runAsTask(
      (task) =>
        new Promise<{ content: [] }>((_, reject) =>
          task.signal.addEventListener('abort', () => reject(task.signal.reason)),
        ),
    ),
  );
  return s;
}

const handlers = { elicitation: { form: () => ({ action: 'accept' as const, content: { go: true } }) } };

describe('tasks extension: client and server together', () => {
  it('X-9, X-13: a task with a question runs to its result through callTool', async () => {
    const taskIds: string[] = [];
    const client = new McpClient(createInMemoryTransport(server()), { tasks: followTasks(), handlers });
    const result = await client.callTool(
      'deploy',
      { env: 'prod' },
      { onTask: (t) => taskIds.push(t.taskId) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'deployed to prod' }]);
    expect(taskIds).toHaveLength(1);
    expect((await client.getTask(taskIds[0]!)).status).toBe('completed');
  });

  it('X-8: the same call from a client without tasks is answered inline, with multi round-trip', async () => {
    const client = new McpClient(createInMemoryTransport(server()), { handlers });
    const result = await client.callTool('deploy', { env: 'dev' });
    expect(result.content).toEqual([{ type: 'text', text: 'deployed to dev' }]);
  });

  it('X-12: aborting the call cancels the task on the server', async () => {
    const s = server();
    const client = new McpClient(createInMemoryTransport(s), { tasks: followTasks(), handlers });
    const controller = new AbortController();
    let taskId = '';
    const pending = client.callTool(
      'forever',
      {},
      { signal: controller.signal, onTask: (t) => (taskId = t.taskId) },
    );
    while (taskId === '') await new Promise((resolve) => setTimeout(resolve, 2));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
    expect((await client.getTask(taskId)).status).toBe('cancelled');
  });
});
