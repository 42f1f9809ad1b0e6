/**
 * How a peer is reached and where it is: OpenTelemetry's `network.transport` and the peer's
 * address and port (`client.address`/`client.port` on a server, `server.address`/`server.port` on a client).
 *
 * @example
 * ```ts
 * const network: NetworkPeer = { transport: 'tcp', address: '203.0.113.7', port: 52114 };
 * ```
 */
export interface NetworkPeer {
  /** `'pipe'` for stdio, `'tcp'` for HTTP, `'inproc'` for the in-memory transport, or what a custom transport says. */
  readonly transport: 'pipe' | 'tcp' | 'inproc' | (string & {});
  /** The peer's address: on a server the client's (HTTP: the socket's remote address), on a client the server's host. */
  readonly address?: string | undefined;
  readonly port?: number | undefined;
}
