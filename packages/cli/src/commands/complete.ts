import type { CompleteRequestParams, CompleteResult, McpClient } from '@mcpkit/client';
import { collect, type RegisterCommand, serverCommand, withServer } from '../command.js';
import type { Output } from '../output.js';
import { keyValuePairs, setOwn } from '../pairs.js';

/** A resource template names itself by its URI (`scheme://…`); anything else is a prompt name. */
function completionRef(ref: string): CompleteRequestParams['ref'] {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref)
    ? { type: 'ref/resource', uri: ref }
    : { type: 'ref/prompt', name: ref };
}

function contextArguments(pairs: readonly string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (const [key, value] of keyValuePairs(pairs, '--context')) setOwn(args, key, value);
  return args;
}

function completionText({ completion }: CompleteResult): string {
  const more = completion.hasMore ? `\n(${completion.total ?? 'more'} in all)` : '';
  return completion.values.length === 0 ? '(no suggestions)' : `${completion.values.join('\n')}${more}`;
}

/** Asks for suggestions for one argument and prints them. */
export async function showCompletion(
  client: McpClient,
  output: Output,
  input: { ref: string; argument: string; value: string; context: readonly string[] },
): Promise<void> {
  const known = contextArguments(input.context);
  const result = await client.complete({
    ref: completionRef(input.ref),
    argument: { name: input.argument, value: input.value },
    ...(Object.keys(known).length === 0 ? {} : { context: { arguments: known } }),
  });
  output.result(result, completionText);
}

export const complete: RegisterCommand = (program, context) => {
  serverCommand(program, 'complete', 'Suggest values for an argument of a prompt or resource template.', [
    'mcpkit complete http://localhost:3000/mcp test_prompt_with_arguments arg1 pa',
    `mcpkit complete 'test://template/{id}/data' id 1 -- node server.js`,
  ])
    .argument('<ref>', 'a prompt name, or a resource template URI')
    .argument('<argument>', 'the argument to complete')
    .argument('[value]', 'what is typed so far', '')
    .option('-c, --context <key=value>', 'an argument already chosen (repeatable)', collect)
    .action(
      withServer<{ context?: string[] }>(context, async ({ connection, output, options, operands }) => {
        const [ref, argument, value] = operands as [string, string, string];
        await showCompletion(connection.client, output, {
          ref,
          argument,
          value,
          context: options.context ?? [],
        });
        return undefined;
      }),
    );
};
