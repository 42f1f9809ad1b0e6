import type { GetPromptResult, McpClient, Prompt } from '@mcpkit/client';
import { collect, type RegisterCommand, serverCommand, withInputOptions, withServer } from '../command.js';
import { contentBlockText } from '../content.js';
import { type Output, UsageError } from '../output.js';
import { keyValuePairs, setOwn } from '../pairs.js';
import { promptUsage } from './prompts.js';

/** The prompt called `name`, or a usage error naming the prompts there are. */
async function findPrompt(client: McpClient, name: string): Promise<Prompt> {
  const names: string[] = [];
  for await (const prompt of client.iteratePrompts()) {
    if (prompt.name === name) return prompt;
    names.push(prompt.name);
  }
  throw new UsageError(`no prompt named ${name}; prompts: ${names.join(', ') || 'none'}`);
}

/** Prompt arguments are strings: from a JSON object of strings, then each `--arg key=value`. */
function promptArguments(prompt: Prompt, json: string | undefined, pairs: readonly string[]) {
  const args: Record<string, string> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new UsageError(`the arguments must be a JSON object, got: ${json}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UsageError(`the arguments must be a JSON object, got: ${json}`);
    }
    for (const [key, value] of Object.entries(parsed)) {
      setOwn(args, key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  for (const [key, value] of keyValuePairs(pairs, '--arg')) setOwn(args, key, value);
  const missing = (prompt.arguments ?? []).filter((arg) => arg.required && args[arg.name] === undefined);
  if (missing.length > 0) {
    throw new UsageError(
      `${prompt.name} needs ${missing.map((arg) => arg.name).join(', ')}; usage: ${promptUsage(prompt)}`,
    );
  }
  return args;
}

function promptText(result: GetPromptResult): string {
  const messages = result.messages.map((message) => `${message.role}:\n${contentBlockText(message.content)}`);
  return [...(result.description ? [result.description] : []), ...messages].join('\n\n');
}

/** Gets a prompt with arguments from the command line and prints its messages. */
export async function showPrompt(
  client: McpClient,
  output: Output,
  input: { name: string; json: string | undefined; pairs: readonly string[] },
): Promise<void> {
  const prompt = await findPrompt(client, input.name);
  const args = promptArguments(prompt, input.json, input.pairs);
  output.result(await client.getPrompt(prompt.name, args), promptText);
}

export const get: RegisterCommand = (program, context) => {
  withInputOptions(
    serverCommand(program, 'get', 'Get a prompt with its arguments (JSON or --arg key=value).', [
      'mcpkit get http://localhost:3000/mcp test_prompt_with_arguments --arg arg1=a --arg arg2=b',
      `mcpkit get test_simple_prompt --json -- node server.js`,
    ]),
  )
    .argument('<prompt>', 'the prompt name')
    .argument('[json]', 'the arguments as one JSON object of strings')
    .option('-a, --arg <key=value>', 'one argument (repeatable)', collect)
    .action(
      withServer<{ arg?: string[] }>(
        context,
        async ({ connection, output, options, operands }) => {
          await showPrompt(connection.client, output, {
            name: operands[0] as string,
            json: operands[1] as string | undefined,
            pairs: options.arg ?? [],
          });
          return undefined;
        },
        { input: true },
      ),
    );
};
