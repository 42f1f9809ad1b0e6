import type { McpServer, RegistrationHandle } from '@mcpkit/server';
import { logThreeMessages, textResult } from './content.js';

/**
 * Hooks the server-stateless scenario drives: logging, a required client capability, a streamed
 * multi round-trip answer, and triggers that change the tool and prompt lists so open listen
 * streams hear about it. The triggers change what every client sees, never the set of tools:
 * they edit a description and count the edits.
 */
export function registerDiagnosticTools(
  server: McpServer,
  prompt: RegistrationHandle<{ description?: string }>,
): void {
  server.tool(
    'test_logging_tool',
    { description: 'Logs three messages; they are sent only when the request set a log level' },
    logThreeMessages,
  );

  server.tool(
    'test_missing_capability',
    {
      description: "Writes a haiku with the client's model; needs the sampling capability",
      requiredClientCapabilities: { sampling: {} },
    },
    async (_args, ctx) => {
      const answer = await ctx.sample('haiku', {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Write a haiku about stateless servers' } },
        ],
        maxTokens: 60,
      });
      return textResult(`Haiku by ${answer.model}`);
    },
  );

  server.tool(
    'test_streaming_elicitation',
    { description: 'Reports progress, then asks for confirmation in its result, never as a request' },
    async (_args, ctx) => {
      ctx.progress(1, 2, 'Preparing');
      const answer = await ctx.elicit('confirmation', {
        message: 'Continue?',
        requestedSchema: {
          type: 'object',
          properties: { proceed: { type: 'boolean' } },
          required: ['proceed'],
        },
      });
      ctx.progress(2, 2, 'Done');
      return textResult(answer.action === 'accept' && answer.content.proceed ? 'Continued' : 'Stopped');
    },
  );

  let toolEdits = 0;
  const trigger = server.tool(
    'test_trigger_tool_change',
    { description: 'Changes the tool list (this description) so listen streams get tools/list_changed' },
    () => {
      toolEdits++;
      trigger.update({
        description: `Changes the tool list (this description, edited ${toolEdits} time(s))`,
      });
      return textResult(`Tool list changed (${toolEdits})`);
    },
  );

  let promptEdits = 0;
  server.tool(
    'test_trigger_prompt_change',
    { description: 'Changes the prompt list so listen streams get prompts/list_changed' },
    () => {
      promptEdits++;
      prompt.update({ description: `A simple prompt without arguments (edited ${promptEdits} time(s))` });
      return textResult(`Prompt list changed (${promptEdits})`);
    },
  );
}
