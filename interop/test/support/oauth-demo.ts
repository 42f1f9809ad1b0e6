import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
/** apps/oauth-demo's entry point: the protected everything server and its authorization server. */
const oauthDemo = require.resolve('@mcpkit/oauth-demo/server');

/** Where apps/oauth-demo serves. */
export interface OAuthDemo {
  /** The protected MCP server (the RFC 8707 resource). */
  mcpUrl: string;
  /** The authorization server (oidc-provider). */
  issuer: string;
}

/**
 * Starts apps/oauth-demo on 127.0.0.1 (free ports) and resolves once it printed both URLs;
 * `cleanups` gets the function that stops it.
 */
export async function serveOAuthDemo(cleanups: (() => unknown)[]): Promise<OAuthDemo> {
  // stderr is ignored: oidc-provider warns there about its in-memory store and the Node version.
  const child: ChildProcess = spawn(process.execPath, [oauthDemo, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const printed = new Map<string, string>();
  const lines = createInterface({ input: child.stdout! });
  return new Promise<OAuthDemo>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`apps/oauth-demo exited with ${code}`)));
    lines.on('line', (line) => {
      const at = line.indexOf('=');
      printed.set(line.slice(0, at), line.slice(at + 1));
      const mcpUrl = printed.get('MCP_SERVER_URL');
      const issuer = printed.get('AUTHORIZATION_SERVER_URL');
      if (mcpUrl !== undefined && issuer !== undefined) resolve({ mcpUrl, issuer });
    });
  });
}
