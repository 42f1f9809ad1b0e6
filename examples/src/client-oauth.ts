// The client README's OAuth login from a command line: the browser comes back to a listener on
// 127.0.0.1 and the tokens are kept encrypted on disk. Type-checked only: it needs an authorization server.
// #region oauth-cli
import { oauthClient } from '@mcpkit/auth';
import { EncryptedFileTokenStore, loopbackRedirect } from '@mcpkit/auth/node';
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';

const url = 'https://mcp.example.com/mcp';
const clientInfo = { name: 'my-cli', version: '1.0.0' };
const redirect = await loopbackRedirect({ open: (login) => console.error(`Sign in: ${login}`) });
const store = await EncryptedFileTokenStore.open(
  `${process.env.HOME}/.my-cli/tokens`,
  process.env.MY_CLI_KEY!,
);
const auth = oauthClient(url, { clientName: 'my-cli', store, ...redirect });
await auth.login(); // discovery, registration, browser sign-in; later runs reuse the stored tokens
const client = new McpClient(createHttpClientTransport(url, { authProvider: auth }), { clientInfo });
for await (const tool of client.iterateTools()) console.log(tool.name);
await redirect.close();
// #endregion oauth-cli
