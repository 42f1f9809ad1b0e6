import {
  type ClientWarning,
  type EraOption,
  type EraVerdict,
  type InputHandlers,
  type LoggingLevel,
  type LoggingMessageNotificationParams,
  McpClient,
  type ServerDescription,
  type TaskSupport,
} from '@mcpkit/client';
import type { ClientTransport } from '@mcpkit/protocol';
import { createHttpClientTransport, type HttpAuthProvider } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { savedLogin } from './auth/saved-login.js';
import { UsageError } from './output.js';
import { CLI_VERSION } from './version.js';

/** The server a command talks to. */
export type Target =
  | { kind: 'http'; url: string }
  | { kind: 'stdio'; command: string; args: readonly string[] };

/** An http(s) server URL from the command line, normalized (`new URL(url).href`). */
export function serverUrlFrom(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`the server URL must be http or https: ${url}`);
  }
  return parsed.href;
}

/**
 * The target named on the command line: `url` (an http(s) URL, Streamable HTTP) or `command` (the
 * words after `--`, a stdio server). Exactly one of them.
 */
export function targetFrom(url: string | undefined, command: readonly string[]): Target {
  if (url !== undefined && command.length > 0) {
    throw new UsageError('name the server once: a URL or a command after --, not both');
  }
  if (url !== undefined) return { kind: 'http', url: serverUrlFrom(url) };
  const [program, ...args] = command;
  if (program === undefined || program === '') {
    throw new UsageError(
      'no server: give its URL after the command name, or the command that starts it after --',
    );
  }
  return { kind: 'stdio', command: program, args };
}

/** How to reach and talk to the target. */
export interface ConnectOptions {
  /** Answers to the server's questions (elicitation, sampling, roots). */
  handlers?: InputHandlers;
  /** Extra HTTP headers, such as `Authorization`. */
  headers?: Record<string, string>;
  /** Credentials for a protected HTTP server. Default: the tokens of `mcpkit login` for its URL. */
  authProvider?: HttpAuthProvider;
  /** Idle timeout of each request, in milliseconds. */
  timeoutMs?: number;
  /** What the client noticed and carried on with. Default: printed as the client prints it. */
  onWarning?: (warning: ClientWarning) => void;
  /** Which protocol era to speak. Default `auto`: probe, and fall back to the 2025 era. */
  era?: EraOption;
  /** What is known of servers' eras and transports, by URL; `legacy-sse` opens the HTTP+SSE transport first. */
  eraVerdicts?: Map<string, EraVerdict>;
  /** The `fetch` HTTP requests go through. Default: the transport's own sender. */
  fetch?: typeof fetch;
  /** Wraps the transport before the client uses it, e.g. to record every message. */
  wrapTransport?: (transport: ClientTransport) => ClientTransport;
  /** The server's log messages at this level and above go to `onLog`. Default: none asked for. */
  logLevel?: LoggingLevel;
  /** Receives the server's log messages. */
  onLog?: (message: LoggingMessageNotificationParams) => void;
  /** Declares the tasks extension and follows the tasks calls become. Default: off. */
  tasks?: TaskSupport;
  /** Refuse a tool result whose structured content breaks the tool's output schema. Default: true. */
  validateStructuredContent?: boolean;
}

/** Whether `-H` already gives credentials, which then replace a saved login. */
function hasAuthorization(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** The transport for a target: Streamable HTTP for a URL, a child process for a command. */
export function transportFor(target: Target, options: ConnectOptions = {}): ClientTransport {
  if (target.kind === 'http') {
    const authProvider =
      options.authProvider ?? (hasAuthorization(options.headers) ? undefined : savedLogin(target.url));
    return createHttpClientTransport(target.url, {
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(authProvider === undefined ? {} : { authProvider }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
  }
  // One process for the command's life: a server that dies is an error to report, not to hide.
  // Its own process group: Ctrl-C (`listen`, `inspect`) stops this command, which then closes the
  // server, instead of killing the server under a call; helpers it leaves behind end with it.
  return createStdioClientTransport({
    command: target.command,
    args: target.args,
    processGroup: true,
    restart: { mode: 'never' },
  });
}

/** A connected client and what the server said about itself. */
export interface Connection {
  client: McpClient;
  server: ServerDescription;
}

/**
 * Connects to the target in either protocol era: `server/discover` for a 2026-07-28 server,
 * `initialize` for a 2025-era one. Closes the client again when connecting fails.
 */
export async function connect(target: Target, options: ConnectOptions = {}): Promise<Connection> {
  const transport = transportFor(target, options);
  const client = new McpClient(options.wrapTransport?.(transport) ?? transport, {
    clientInfo: { name: 'mcpkit', version: CLI_VERSION },
    ...(options.handlers === undefined ? {} : { handlers: options.handlers }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    ...(options.era === undefined ? {} : { era: options.era }),
    ...(options.eraVerdicts === undefined ? {} : { eraVerdicts: options.eraVerdicts }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
    ...(options.onLog === undefined ? {} : { onLog: options.onLog }),
    ...(options.tasks === undefined ? {} : { tasks: options.tasks }),
    ...(options.validateStructuredContent === undefined
      ? {}
      : { validateStructuredContent: options.validateStructuredContent }),
  });
  try {
    const server = await client.connect();
    return { client, server: server ?? (await client.discover()) };
  } catch (error) {
    await client.close();
    throw error;
  }
}
