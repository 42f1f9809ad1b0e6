import type { ReadResourceResult } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withInputOptions, withServer } from '../command.js';
import { resourceContentsText } from '../content.js';

function readText(result: ReadResourceResult): string {
  return result.contents.map((contents) => resourceContentsText(contents)).join('\n\n');
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
          output.result(await connection.client.readResource(operands[0] as string), readText);
          return undefined;
        },
        { input: true },
      ),
    );
};
