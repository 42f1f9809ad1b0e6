import type { NetworkPeer } from '@mcpkit/protocol';
import type { LazyAbort } from '@mcpkit/protocol/internal';

/** The body of a request as an adapter read it. */
export type BodyRead =
  /** The raw body (bytes, or text a framework already decoded). */
  | { kind: 'bytes'; bytes: Uint8Array | string }
  /** A framework (Express, Fastify) already parsed it as JSON. */
  | { kind: 'parsed'; value: unknown }
  /** It is larger than the limit. */
  | { kind: 'too-large' }
  /** The client went away while sending it. */
  | { kind: 'failed' };

/**
 * What the shared HTTP layer needs from a request, whatever the runtime: the fetch handler
 * wraps a Web `Request`, the Node adapter an `IncomingMessage`, without copying either.
 */
export interface IncomingHttpRequest {
  readonly method: string;
  readonly headers: Headers;
  /** Aborted when the client goes away; its signal is the endpoint's `context.signal`. */
  readonly cancellation: LazyAbort;
  /** The `Host` the request was sent to, or `null` when unknown. */
  host(): string | null;
  /**
   * The host an absolute-form request target names (`POST http://host/mcp`, RFC 9112 §3.2.2),
   * checked against the allowed hosts as well as `Host`; `null` for the usual `/path` form.
   * Adapters whose runtime resolves the target into one URL omit it.
   */
  targetHost?(): string | null;
  /** The path of the request URL, without the query. */
  pathname(): string;
  /** The absolute request URL. */
  url(): string;
  /** The client's address and port, when the runtime tells them (Node: the socket's remote end). */
  network?(): NetworkPeer;
  /**
   * Reads the whole body, giving up as soon as it exceeds `limit` bytes; a body a framework read
   * already comes back at once.
   */
  readBody(limit: number): BodyRead | Promise<BodyRead>;
}

/** Why an exchange is cancelled when its client goes away. */
export const CLIENT_GONE = new DOMException('The client closed the connection', 'AbortError');
