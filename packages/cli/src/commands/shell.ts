import { join } from 'node:path';
import { configDir } from '../auth/config-dir.js';
import { type RegisterCommand, serverCommand, withInputOptions, withServer } from '../command.js';
import { UsageError } from '../output.js';
import { runShell } from '../shell/repl.js';

export const shell: RegisterCommand = (program, context) => {
  withInputOptions(
    serverCommand(program, 'shell', 'An interactive shell on one server, with completion and history.', [
      'mcpkit shell http://localhost:3000/mcp',
      'mcpkit shell -- node server.js',
    ]),
  ).action(
    withServer(
      context,
      async ({ connection, output }) => {
        if (!process.stdin.isTTY)
          throw new UsageError('the shell needs a terminal; use the other commands in scripts');
        await runShell({
          ...connection,
          output,
          input: process.stdin,
          terminal: context.streams.stdout,
          historyFile: join(configDir(), 'shell-history'),
        });
        return undefined;
      },
      { input: true },
    ),
  );
};
