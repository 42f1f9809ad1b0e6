import { importPrivateKey, type OAuthClientOptions, oauthClient } from '@mcpkit/auth';
import type { Scenario, ScenarioRun } from './scenario.js';

/** The Client ID Metadata Document URL the suite's authorization servers accept as they are. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** Never listened on: the mock authorization server redirects at once and the redirect is read, not followed. */
const REDIRECT_URL = 'http://127.0.0.1:3999/callback';

/**
 * The user's part of the login, as a browser would do it: the suite's authorization servers
 * approve at once and redirect to `redirect_uri`; that Location is the callback.
 */
async function followRedirect(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  return new URL(location, url);
}

function text(run: ScenarioRun, field: string): string {
  const value = run.context[field];
  if (typeof value !== 'string') throw new Error(`MCP_CONFORMANCE_CONTEXT has no ${field}`);
  return value;
}

/** A user's login: CIMD when offered, else Dynamic Client Registration; pre-registered when the suite says so. */
function userLogin(run: ScenarioRun): OAuthClientOptions {
  return {
    clientName: 'mcpkit-everything-client',
    clientMetadataUrl: CLIENT_METADATA_URL,
    redirectUrl: REDIRECT_URL,
    authorize: followRedirect,
    ...(typeof run.context.client_id === 'string'
      ? { client: { clientId: run.context.client_id, clientSecret: text(run, 'client_secret') } }
      : {}),
  };
}

async function machineLogin(run: ScenarioRun, scenario: string): Promise<OAuthClientOptions> {
  const clientId = text(run, 'client_id');
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return {
        grant: { type: 'client_credentials' },
        client: { clientId, clientSecret: text(run, 'client_secret') },
      };
    case 'auth/client-credentials-jwt': {
      const algorithm =
        typeof run.context.signing_algorithm === 'string' ? run.context.signing_algorithm : 'ES256';
      const privateKey = await importPrivateKey(text(run, 'private_key_pem'), algorithm);
      return {
        grant: { type: 'client_credentials' },
        client: { clientId, privateKey, tokenEndpointAuthMethod: 'private_key_jwt' },
      };
    }
    case 'auth/enterprise-managed-authorization':
      return {
        grant: {
          type: 'enterprise',
          idToken: () => text(run, 'idp_id_token'),
          identityProvider: {
            issuer: text(run, 'idp_issuer'),
            tokenEndpoint: text(run, 'idp_token_endpoint'),
            clientId: text(run, 'idp_client_id'),
          },
        },
        client: { clientId, clientSecret: text(run, 'client_secret') },
      };
    default:
      return {
        grant: { type: 'jwt_bearer', assertion: () => text(run, 'valid_jwt') },
        client: { clientId, tokenEndpointAuthMethod: 'none' },
      };
  }
}

/** Logs in as `options` say, then lists the tools and calls `test-tool`, every request authorized. */
function authorized(
  options: (run: ScenarioRun) => OAuthClientOptions | Promise<OAuthClientOptions>,
): Scenario {
  return async (run) => {
    const auth = oauthClient(run.url, await options(run));
    const client = run.client({}, { authProvider: auth });
    const tools = [];
    for await (const tool of client.iterateTools()) tools.push(tool.name);
    run.log(`tools/list -> ${tools.join(', ')}`);
    const result = await client.callTool('test-tool', {});
    run.log(`tools/call test-tool -> ${result.isError ? 'error' : 'ok'}`);
  };
}

const USER_SCENARIOS = [
  'metadata-default',
  'metadata-var1',
  'metadata-var2',
  'metadata-var3',
  'basic-cimd',
  'scope-from-www-authenticate',
  'scope-from-scopes-supported',
  'scope-omitted-when-undefined',
  'scope-step-up',
  'scope-retry-limit',
  'token-endpoint-auth-basic',
  'token-endpoint-auth-post',
  'token-endpoint-auth-none',
  'pre-registration',
  'resource-mismatch',
  'offline-access-scope',
  'offline-access-not-supported',
  'authorization-server-migration',
  'iss-supported',
  'iss-not-advertised',
  'iss-supported-missing',
  'iss-wrong-issuer',
  'iss-unexpected',
  'iss-normalized',
  'metadata-issuer-mismatch',
  'dpop',
  'dpop-nonce',
];

const MACHINE_SCENARIOS = [
  'client-credentials-basic',
  'client-credentials-jwt',
  'enterprise-managed-authorization',
  'wif-jwt-bearer',
];

/**
 * The `auth/*` scenarios: each logs in with `@mcpkit/auth` as the suite's context says, then uses
 * the server. Those where the right answer is to refuse (a mismatched `iss`, resource or issuer)
 * end in an error, which the suite expects.
 */
export const authScenarios: Readonly<Record<string, Scenario>> = Object.fromEntries([
  ...USER_SCENARIOS.map((name) => [`auth/${name}`, authorized(userLogin)]),
  ...MACHINE_SCENARIOS.map((name) => [
    `auth/${name}`,
    authorized((run) => machineLogin(run, `auth/${name}`)),
  ]),
]);
