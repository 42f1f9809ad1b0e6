// The client README's OAuth login in a browser page: a popup signs in, and the redirect page (same
// origin) calls postAuthorizationResponse(). Type-checked only: it needs a page and an authorization server.
declare const signInButton: HTMLButtonElement;

// #region oauth-browser
import { oauthClient, popupAuthorize } from '@mcpkit/auth';
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';

const url = 'https://mcp.example.com/mcp';
const auth = oauthClient(url, {
  clientMetadataUrl: 'https://app.example.com/oauth/client.json', // your Client ID Metadata Document
  redirectUrl: `${location.origin}/oauth-callback.html`,
  authorize: popupAuthorize(),
});
signInButton.onclick = () => auth.login(); // a user gesture, so the popup is allowed
const client = new McpClient(createHttpClientTransport(url, { authProvider: auth }), {
  clientInfo: { name: 'my-page', version: '1.0.0' },
});
// #endregion oauth-browser

console.log(client);
