import type { McpClient, ReadResourceResult } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withInputOptions, withServer } from '../command.js';
import { resourceContentsText } from '../content.js';
import type { Output } from '../output.js';

function readText(result: ReadResourceResult): string {
  return result.contents.map((contents) => resourceContentsText(contents)).join('\n\n');
}

/** Reads a resource and prints its contents. */
export async function showResource(client: McpClient, output: Output, uri: string): Promise<void> {
  output.result(await client.readResource(uri), readText);
}

export const read: RegisterCommand = (program, context) => {
  withInputOptions(
    serverCommand(program, 'read', 'Read a resource: its text, or a summary of binary data.', [
      'mcpkit read http://localhost:3000/mcp test://static-text',
      'mcpkit read --json test://static-binary -- node server.js',
    ]),
  )
    .argument('<uri>', 'the resource URI')
    .action(
      withServer(
        context,
        async ({ connection, output, operands }) => {
          await showResource(connection.client, output, operands[0] as string);
          return undefined;
        },
        { input: true },
      ),
    );
};
