import type { McpClient, Tool } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withServer } from '../command.js';
import { columns } from '../content.js';
import type { Output } from '../output.js';
import { describeSchema } from '../tool-arguments.js';

/** Every tool, followed through all pages. */
export async function allTools(iterate: () => AsyncIterable<Tool>): Promise<Tool[]> {
  const tools: Tool[] = [];
  for await (const tool of iterate()) tools.push(tool);
  return tools;
}

function toolsText(tools: readonly Tool[], long: boolean): string {
  if (tools.length === 0) return '(no tools)';
  if (!long) return columns(tools.map((tool) => [tool.name, tool.description ?? tool.title ?? '']));
  return tools
    .map((tool) =>
      [
        tool.name + (tool.title ? ` (${tool.title})` : ''),
        ...(tool.description ? [`  ${tool.description}`] : []),
        ...describeSchema(tool.inputSchema).map((line) => `    ${line}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/** Prints every tool: one line each, or with their arguments when `long`. */
export async function showTools(client: McpClient, output: Output, long: boolean): Promise<void> {
  const list = await allTools(() => client.iterateTools());
  output.result({ tools: list }, ({ tools }) => toolsText(tools, long));
}

export const tools: RegisterCommand = (program, context) => {
  serverCommand(program, 'tools', 'List the tools, with their arguments under --long.', [
    'mcpkit tools http://localhost:3000/mcp',
    'mcpkit tools --long -- node server.js',
  ])
    .option('-l, --long', "show each tool's arguments")
    .action(
      withServer<{ long?: boolean }>(context, async ({ connection, output, options }) => {
        await showTools(connection.client, output, options.long === true);
        return undefined;
      }),
    );
};
