import { createServer, type Server } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import type { McpEndpoint } from '@mcpkit/protocol';
import { checkTimerMs, type HttpServerOptions } from '../server/options.js';
import { LOCALHOST_NAMES } from '../server/origin-guard.js';
import { DEFAULT_CLOSE_TIMEOUT_MS, gracefulClose } from './graceful-close.js';
import { createNodeHandler } from './node-handler.js';

/** Options of `serveHttp`. */
export interface ServeHttpOptions extends HttpServerOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /**
   * Interface to bind: `127.0.0.1` by default, so a local server is not reachable from the
   * network (H-3). Binding a specific host (`192.168.1.20`, `mcp.lan`) adds it to the default
   * `allowedHosts`, so the reported `url` is served; an explicit `allowedHosts` is used as
   * given. A wildcard (`0.0.0.0`, `::`) adds nothing: `url` then names the loopback address,
   * and other names the server is reached by belong in `allowedHosts`.
   */
  host?: string;
  /** Path of the MCP endpoint (default `/mcp`); other paths get 404. */
  path?: string;
  /**
   * How long `close()` waits for responses in flight to end before dropping their connections,
   * in ms (default 5 s); 0 drops them at once.
   */
  closeTimeoutMs?: number;
}

/** A running server started by `serveHttp`. */
export interface McpHttpServer {
  readonly server: Server;
  /**
   * The MCP endpoint's URL, e.g. `http://127.0.0.1:53124/mcp`; for a wildcard bind, the
   * loopback address of its family (`127.0.0.1`, `[::1]`).
   */
  readonly url: string;
  readonly port: number;
  /**
   * Stops accepting connections, closes idle ones, lets responses in flight end (a listen the
   * endpoint closed gets its final result, S-50) and, after `closeTimeoutMs`, drops the rest,
   * aborting their exchanges. Resolves once every connection is closed.
   */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Whether `host` binds every interface: `0.0.0.0`, `::` (and its spellings) or `''`. `isIPv6` runs
 * only on zeros and colons: its pattern, once run twice, is compiled to 135 KiB of machine code that
 * stays for the life of the process.
 */
function isWildcard(host: string): boolean {
  return host === '' || host === '0.0.0.0' || (/^[0:]+$/.test(host) && isIPv6(host));
}

/** The host to put in `url`: for a wildcard bind, the loopback address of the family bound. */
function reachableHost(host: string, wildcard: boolean, bound: AddressInfo): string {
  if (!wildcard) return urlHost(host);
  return bound.family === 'IPv6' ? '[::1]' : '127.0.0.1';
}

/**
 * Serves an MCP endpoint on a new `node:http` server bound to `127.0.0.1` (H-3).
 *
 * @example
 * ```ts
 * const { url, close } = await serveHttp(server, { port: 3000 });
 * console.log(`MCP endpoint at ${url}`); // http://127.0.0.1:3000/mcp
 * ```
 */
export async function serveHttp(
  endpoint: McpEndpoint,
  options: ServeHttpOptions = {},
): Promise<McpHttpServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    path = '/mcp',
    closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
    ...httpOptions
  } = options;
  checkTimerMs('closeTimeoutMs', closeTimeoutMs);
  const wildcard = isWildcard(host);
  const allowedHosts =
    httpOptions.allowedHosts ?? (wildcard ? undefined : [...LOCALHOST_NAMES, urlHost(host)]);
  const server = createServer(createNodeHandler(endpoint, { ...httpOptions, allowedHosts, path }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    server,
    url: `http://${reachableHost(host, wildcard, bound)}:${bound.port}${path}`,
    port: bound.port,
    close: gracefulClose(server, closeTimeoutMs),
  };
}
