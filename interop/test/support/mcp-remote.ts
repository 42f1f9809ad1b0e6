import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStdioClientTransport, type StdioClientTransport } from '@mcpkit/transport-stdio';

const require = createRequire(import.meta.url);
/** mcp-remote's stdio ↔ remote HTTP proxy, the `mcp-remote` command. */
const proxy = require.resolve('mcp-remote/dist/proxy.js');
/** Keeps mcp-remote from launching a browser (see the file). */
const noBrowser = fileURLToPath(new URL('../fixtures/no-browser/register.mjs', import.meta.url));

/**
 * How long an McpClient waits for mcp-remote's first answer (its `probeTimeoutMs`, which also
 * bounds the wait for `initialize`): mcp-remote reads stdin only once it has reached the server,
 * after a sign-in when there is one, so a loaded machine must not pass for a silent server.
 */
export const MCP_REMOTE_START_MS = 25_000;

/** The line mcp-remote prints before the URL a person would open to sign in. */
const SIGN_IN_PROMPT = 'Please authorize this client by visiting:';

/** mcp-remote, spawned by an McpClient's stdio transport, and what it wrote to stderr. */
export interface McpRemote {
  transport: StdioClientTransport;
  /**
   * Resolves with the next authorization URL mcp-remote prints (its sign-in started); rejects,
   * with its stderr, once it has ended without printing one.
   */
  nextAuthorizationUrl(): Promise<URL>;
  /** How many sign-ins mcp-remote started so far. */
  signIns(): number;
  /** Its stderr so far, for failure messages. */
  log(): string;
}

/** How to run mcp-remote: the command line and the environment. */
export interface McpRemoteCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * `mcp-remote <serverUrl> --allow-http --host 127.0.0.1 ...args` with `configDir` as its whole
 * state (tokens, client registrations): MCP_REMOTE_CONFIG_DIR and HOME both point there, so
 * nothing touches the real home directory. No browser is ever opened.
 */
export function mcpRemoteCommand(
  serverUrl: string,
  configDir: string,
  args: readonly string[] = [],
): McpRemoteCommand {
  return {
    command: process.execPath,
    args: ['--import', noBrowser, proxy, serverUrl, '--allow-http', '--host', '127.0.0.1', ...args],
    env: { ...process.env, MCP_REMOTE_CONFIG_DIR: configDir, HOME: configDir },
  };
}

/** A stdio transport that runs mcp-remote as `mcpRemoteCommand` says, and reads its stderr. */
export function mcpRemote(serverUrl: string, configDir: string, args: readonly string[] = []): McpRemote {
  let stderr = '';
  let partialLine = '';
  let promptSeen = false;
  const urls: URL[] = [];
  const waiting: { resolve(url: URL): void; reject(error: Error): void }[] = [];
  let exited: Error | undefined;
  let taken = 0;
  const readLine = (line: string) => {
    if (line.endsWith(SIGN_IN_PROMPT)) promptSeen = true;
    else if (promptSeen && line.trim() !== '') {
      promptSeen = false;
      urls.push(new URL(line.trim()));
    }
  };
  const transport = createStdioClientTransport({
    ...mcpRemoteCommand(serverUrl, configDir, args),
    restart: { mode: 'never' },
    stderr: (text) => {
      stderr += text;
      const lines = (partialLine + text).split('\n');
      partialLine = lines.pop()!;
      for (const line of lines) readLine(line);
      while (waiting.length > 0 && taken < urls.length) waiting.shift()!.resolve(urls[taken++]!);
    },
    onExit: ({ code, signal }) => {
      exited = new Error(`mcp-remote ended (${signal ?? `exit code ${code}`}) with no sign-in:\n${stderr}`);
      for (const waiter of waiting.splice(0)) waiter.reject(exited);
    },
  });
  return {
    transport,
    nextAuthorizationUrl: () =>
      new Promise((resolve, reject) => {
        if (taken < urls.length) resolve(urls[taken++]!);
        else if (exited !== undefined) reject(exited);
        else waiting.push({ resolve, reject });
      }),
    signIns: () => urls.length,
    log: () => stderr,
  };
}

/** A fresh directory for mcp-remote's state; `cleanups` gets the function that removes it. */
export function configDir(cleanups: (() => unknown)[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-mcp-remote-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
