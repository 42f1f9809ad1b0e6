import type { McpEndpoint } from '@mcpkit/protocol';
import { type StreamServer, type StreamServerOptions, serveStreamsWith } from './serve-streams.js';
import { redirectStdout } from './stdout-redirect.js';

/** Options of `serveStdio`. */
export interface StdioServerOptions extends Omit<StreamServerOptions, 'endOutput'> {
  /**
   * Send `console.log` and any other `process.stdout.write` to stderr while serving, so only MCP
   * messages reach stdout (T-3). Default `true`.
   */
  redirectStdout?: boolean;
  /**
   * Exit the process (code 0) once the server has stopped, so timers or sockets left open by
   * handlers cannot keep it alive after stdin closed (T-15). Default `true`; turn it off to run
   * your own cleanup after `closed` settles.
   */
  exitOnClose?: boolean;
  /**
   * With `exitOnClose`: how long to wait for the last messages to reach stdout before exiting
   * anyway, so a client that stopped reading cannot keep the process alive (T-15). Default 2,000 ms.
   */
  exitFlushTimeoutMs?: number;
}

const DEFAULT_EXIT_FLUSH_TIMEOUT_MS = 2000;

/** Exits (code 0) once what was written to `stdout` has been flushed, or after `timeoutMs` regardless. */
function exitAfterFlush(stdout: NodeJS.WriteStream, timeoutMs: number): void {
  const exit = () => process.exit(0);
  if (stdout.destroyed) {
    exit();
    return;
  }
  setTimeout(exit, timeoutMs);
  // An empty write calls back once everything written before it has been flushed.
  stdout.write('', exit);
}

/**
 * Serves `endpoint` on this process's stdin and stdout: one JSON-RPC message per line (T-2).
 * When stdin ends, running requests get a grace period, then the process exits once its last
 * answers are flushed, or after `exitFlushTimeoutMs` if the client stopped reading (T-15). While
 * serving, `console.log` goes to stderr.
 *
 * @example
 * ```ts
 * import { serveStdio } from '@mcpkit/transport-stdio';
 * serveStdio(server); // `server` is any McpEndpoint, e.g. an McpServer
 * ```
 */
export function serveStdio(endpoint: McpEndpoint, options: StdioServerOptions = {}): StreamServer {
  const redirect = options.redirectStdout === false ? undefined : redirectStdout();
  const stdout = process.stdout;
  const write = redirect?.write ?? ((text: string) => stdout.write(text));
  const server = serveStreamsWith(
    endpoint,
    { input: process.stdin, output: stdout },
    { ...options, endOutput: false },
    write,
  );
  void server.closed.then(() => {
    redirect?.restore();
    if (options.exitOnClose === false) return;
    exitAfterFlush(stdout, options.exitFlushTimeoutMs ?? DEFAULT_EXIT_FLUSH_TIMEOUT_MS);
  });
  return server;
}
