import type { McpClient, Prompt } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withServer } from '../command.js';
import { columns } from '../content.js';
import type { Output } from '../output.js';

/** `name <required> [optional]`, the way a prompt is called. */
export function promptUsage(prompt: Prompt): string {
  const args = (prompt.arguments ?? []).map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`));
  return [prompt.name, ...args].join(' ');
}

/** Prints every prompt, the way it is called. */
export async function showPrompts(client: McpClient, output: Output): Promise<void> {
  const list: Prompt[] = [];
  for await (const prompt of client.iteratePrompts()) list.push(prompt);
  output.result({ prompts: list }, ({ prompts }) =>
    prompts.length === 0
      ? '(no prompts)'
      : columns(prompts.map((prompt) => [promptUsage(prompt), prompt.description ?? prompt.title ?? ''])),
  );
}

export const prompts: RegisterCommand = (program, context) => {
  serverCommand(program, 'prompts', 'List the prompts and their arguments.', [
    'mcpkit prompts http://localhost:3000/mcp',
    'mcpkit prompts --json -- node server.js',
  ]).action(
    withServer(context, async ({ connection, output }) => {
      await showPrompts(connection.client, output);
      return undefined;
    }),
  );
};
