import { configDir } from '../auth/config-dir.js';
import { Credentials } from '../auth/credentials.js';
import type { RegisterCommand } from '../command.js';
import { Output } from '../output.js';
import { serverUrlFrom } from '../target.js';

const HELP = `
Deletes the server's tokens from the config folder. Registrations with authorization servers stay,
so the next login is quicker. Nothing is sent to the server.

Example:
  $ mcpkit logout https://mcp.example.com/mcp`;

export const logout: RegisterCommand = (program, context) => {
  program
    .command('logout')
    .description('Forget the tokens of `mcpkit login`.')
    .argument('<url>', 'the server URL')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', HELP)
    .action(async (url: string, options: { json?: boolean }) => {
      const output = new Output(options.json === true, context.streams);
      const serverUrl = serverUrlFrom(url);
      const credentials = await Credentials.open(configDir());
      const forgotten = await credentials.logout(serverUrl, process.env);
      output.result({ server: serverUrl, loggedOut: forgotten }, () =>
        forgotten ? `Logged out of ${serverUrl}.` : `Not logged in to ${serverUrl}: nothing to forget.`,
      );
    });
};
