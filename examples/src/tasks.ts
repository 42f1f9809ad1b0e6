// The tasks extension (SEP-2663): a long tool call answers with a task the client follows to its
// result. Both sides opt in; the same handler answers inline for a client without tasks.
// #region tasks
import { followTasks, McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

const server = new McpServer({ name: 'ci', version: '1.0.0' }, { tasks: { pollIntervalMs: 10 } });
server.tool(
  'build',
  { inputSchema: z.object({ ref: z.string() }), taskSupport: 'optional' },
  ({ ref }, ctx) =>
    ctx.runAsTask(async (task) => {
      task.setStatusMessage(`building ${ref}`);
      const deploy = await task.elicit('deploy', {
        message: `Deploy ${ref} once built?`,
        requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
      });
      const deployed = deploy.action === 'accept' && deploy.content.yes;
      return { content: [{ type: 'text', text: deployed ? `built and deployed ${ref}` : `built ${ref}` }] };
    }),
);

export async function buildAsTask(): Promise<{ text: string; taskId: string }> {
  const client = new McpClient(createInMemoryTransport(server), {
    tasks: followTasks(),
    handlers: { elicitation: { form: async () => ({ action: 'accept', content: { yes: true } }) } },
  });
  let taskId = '';
  const result = await client.callTool(
    'build',
    { ref: 'main' },
    { onTask: (task) => (taskId = task.taskId) },
  );
  await client.close();
  const [first] = result.content;
  return { text: first?.type === 'text' ? first.text : '', taskId }; // 'built and deployed main'
}
// #endregion tasks
