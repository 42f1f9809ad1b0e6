// @mcpkit/auth on the client: the HTTP transport's authProvider logs in through a loopback redirect.
// Type-checked only: it needs an authorization server.
// #region auth-client
import { oauthClient } from '@mcpkit/auth';
import { loopbackRedirect } from '@mcpkit/auth/node';
import { createHttpClientTransport } from '@mcpkit/transport-http';

const redirect = await loopbackRedirect(); // http://127.0.0.1:<random port>/callback
const auth = oauthClient('https://mcp.example.com/mcp', {
  clientName: 'my-agent',
  clientMetadataUrl: 'https://agent.example.com/oauth/client.json', // used where the server supports CIMD
  redirectUrl: redirect.redirectUrl,
  authorize: redirect.authorize, // prints the URL; pass `open` to launch a browser
});
const transport = createHttpClientTransport('https://mcp.example.com/mcp', { authProvider: auth });
// #endregion auth-client

console.log(transport);
await redirect.close();
