import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpEndpoint } from '@mcpkit/protocol';
import type { HttpServerOptions } from '../options.js';
import { createNodeHandler } from './node-handler.js';

/** Options of `listen`. */
export interface ListenOptions extends HttpServerOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /**
   * Interface to bind: `127.0.0.1` by default, so a local server is not reachable from the
   * network (H-3). Binding another interface does not widen `allowedHosts`.
   */
  host?: string;
  /** Path of the MCP endpoint (default `/mcp`); other paths get 404. */
  path?: string;
}

/** A running server started by `listen`. */
export interface McpHttpServer {
  readonly server: Server;
  /** The MCP endpoint's URL, e.g. `http://127.0.0.1:53124/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and drops open connections, ending their streams. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Serves an MCP endpoint on a new `node:http` server bound to `127.0.0.1` (H-3).
 *
 * @example
 * ```ts
 * const { url, close } = await listen(server, { port: 3000 });
 * console.log(`MCP endpoint at ${url}`); // http://127.0.0.1:3000/mcp
 * ```
 */
export async function listen(endpoint: McpEndpoint, options: ListenOptions = {}): Promise<McpHttpServer> {
  const { port = 0, host = '127.0.0.1', path = '/mcp', ...httpOptions } = options;
  const server = createServer(createNodeHandler(endpoint, { ...httpOptions, path }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://${urlHost(host)}:${bound}${path}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
