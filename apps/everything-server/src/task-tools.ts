import { elicitation, McpError, type McpServer } from '@mcpkit/server';
import { pause, textResult } from './content.js';
import { CONFIRM_FORM, NAME_FORM } from './forms.js';

/**
 * Tools of the tasks extension (SEP-2663), named as the conformance suite's tasks-* scenarios expect
 * (`src/scenarios/server/tasks/` of modelcontextprotocol/conformance). The server turns the
 * extension on (`tasks` in its options); each tool calls `ctx.runAsTask`, so a client that declared
 * the extension gets a task and any other gets the result inline.
 */
export function registerTaskTools(server: McpServer): void {
  server.tool(
    'greet',
    {
      description: 'Greets by name, at once (never a task)',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    ({ name }) => textResult(`Hello, ${name}!`),
  );

  server.tool(
    'slow_compute',
    {
      description: 'Waits `seconds`, then answers; runs as a task for clients that declare tasks',
      inputSchema: {
        type: 'object',
        properties: { seconds: { type: 'number', minimum: 0 }, label: { type: 'string' } },
        required: ['seconds'],
      },
      taskSupport: 'optional',
    },
    (args, ctx) =>
      ctx.runAsTask(async (task) => {
        const { seconds, label } = args as { seconds: number; label?: string };
        task.setStatusMessage(`computing${label ? ` ${label}` : ''}`);
        await pause(seconds * 1000, task.signal);
        return textResult(`Computed ${label ?? 'result'} after ${seconds}s`);
      }),
  );

  server.tool(
    'failing_job',
    { description: 'A task whose tool fails (an isError result) after a moment', taskSupport: 'required' },
    (_args, ctx) =>
      ctx.runAsTask(async (task) => {
        await pause(300, task.signal);
        return { content: [{ type: 'text', text: 'The job failed: no such build' }], isError: true };
      }),
  );

  server.tool(
    'protocol_error_job',
    { description: 'A task that fails with a JSON-RPC error', taskSupport: 'optional' },
    (_args, ctx) =>
      ctx.runAsTask(async (task) => {
        await pause(100, task.signal);
        throw McpError.internalError('The job crashed');
      }),
  );

  server.tool(
    'confirm_delete',
    {
      description: 'Asks to confirm, then deletes (pretends to)',
      inputSchema: { type: 'object', properties: { filename: { type: 'string' } } },
      taskSupport: 'optional',
    },
    (args, ctx) =>
      ctx.runAsTask(async (task) => {
        const filename = (args as { filename?: string }).filename ?? 'the file';
        const answer = await task.elicit('confirm', {
          message: `Delete ${filename}?`,
          requestedSchema: CONFIRM_FORM,
        });
        const yes = answer.action === 'accept' && answer.content.confirm;
        return textResult(yes ? `Deleted ${filename}` : `Kept ${filename}`);
      }),
  );

  server.tool(
    'multi_input',
    { description: 'Asks two questions at once', taskSupport: 'optional' },
    (_args, ctx) =>
      ctx.runAsTask(async (task) => {
        const answers = await task.ask({
          name: elicitation({ message: 'Your name?', requestedSchema: NAME_FORM }),
          confirm: elicitation({ message: 'Go ahead?', requestedSchema: CONFIRM_FORM }),
        });
        const name = answers.name.action === 'accept' ? answers.name.content.name : 'nobody';
        const go = answers.confirm.action === 'accept' && answers.confirm.content.confirm;
        return textResult(`${name} said ${go ? 'yes' : 'no'}`);
      }),
  );

  server.tool(
    'test_tool_with_task',
    { description: 'Asks for a name (multi round-trip), then greets in a task', taskSupport: 'required' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('user_name', {
        message: 'What is your name?',
        requestedSchema: NAME_FORM,
      });
      const name = answer.action === 'accept' ? answer.content.name : 'stranger';
      return ctx.runAsTask(async () => textResult(`Hello, ${name}!`));
    },
  );
}
