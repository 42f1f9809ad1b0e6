import { OAuthClientError } from '@mcpkit/auth';
import { loopbackRedirect } from '@mcpkit/auth/node';
import { configDir } from '../auth/config-dir.js';
import { Credentials } from '../auth/credentials.js';
import { serverOAuth } from '../auth/oauth.js';
import type { RegisterCommand } from '../command.js';
import { openUrl } from '../open-url.js';
import { ExitCode, ExitError, Output } from '../output.js';
import { serverUrlFrom } from '../target.js';
import { visible } from '../visible.js';

const HELP = `
Runs OAuth 2.1 with the server's authorization server: discovery, dynamic client registration, then
the authorization code flow with PKCE; the browser comes back to a listener on 127.0.0.1. The tokens
are kept encrypted in the config folder ($MCPKIT_CONFIG_DIR, else $XDG_CONFIG_HOME/mcpkit or
~/.config/mcpkit); every command that names this URL uses and refreshes them, until mcpkit logout.

Examples:
  $ mcpkit login https://mcp.example.com/mcp
  $ mcpkit tools https://mcp.example.com/mcp`;

export const login: RegisterCommand = (program, context) => {
  program
    .command('login')
    .description('Sign in to a protected server (OAuth) for the other commands.')
    .argument('<url>', 'the server URL')
    .option('--no-browser', 'print the sign-in URL without opening a browser')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', HELP)
    .action(async (url: string, options: { browser: boolean; json?: boolean }) => {
      const output = new Output(options.json === true, context.streams);
      const serverUrl = serverUrlFrom(url);
      const credentials = await Credentials.open(configDir());
      const secret = await credentials.ensureSecret(process.env);
      const redirect = await loopbackRedirect({
        open: async (authorizationUrl) => {
          // Always printed: the person sees where the authorization server sends them.
          const { stderr } = context.streams;
          stderr.write(visible(`Open this URL in your browser to sign in:\n${authorizationUrl.href}\n`));
          if (!options.browser || stderr.isTTY !== true) return;
          const outcome = await openUrl(authorizationUrl.href);
          if (!outcome.opened) stderr.write(`mcpkit: ${outcome.reason}\n`);
        },
      });
      try {
        const auth = await serverOAuth(serverUrl, credentials, secret, redirect);
        await auth.login().catch((error: unknown) => {
          if (error instanceof OAuthClientError && error.code === 'discovery-failed') {
            throw new ExitError(`${error.message}: this server does not announce OAuth`, ExitCode.failure);
          }
          throw error;
        });
        const issuers = credentials.issuersOf(serverUrl);
        output.result(
          { server: serverUrl, issuers, configDir: credentials.dir },
          () => `Logged in to ${serverUrl} (authorization server ${issuers.join(', ')}).`,
        );
      } finally {
        await redirect.close();
      }
    });
};
