import type { JSONRPCResponse } from '@mcpkit/protocol';

/**
 * What a 2025 client sends about one of the server's requests to it: its answer, or its
 * `notifications/cancelled` (which may also name one of the client's own requests).
 */
export type RoutedAnswer =
  | { readonly kind: 'response'; readonly response: JSONRPCResponse }
  | { readonly kind: 'cancelled'; readonly requestId: string | number; readonly reason?: string };

/**
 * Carries answers to server-to-client requests (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`) between the instances of one server. Behind a load balancer, instance X asks on
 * a 2025 session's stream and the client's answer may be POSTed to instance Y: Y hands it to X
 * through the router, and X's handler goes on. Without a router (the default) an answer reaches
 * only the process that asked, which is all one process needs.
 *
 * An answer nobody awaits is refused on every instance: `route` resolves `false` unless some
 * instance announced the request with `expect` and has not `forget`-ten it since.
 *
 * @example
 * ```ts
 * import { createRedisCluster } from '@mcpkit/redis';
 * const cluster = await createRedisCluster({ url: process.env.REDIS_URL });
 * // cluster.server.legacy = { sessionStore, answerRouter }: both on Redis
 * new McpServer(info, { ...cluster.server });
 * ```
 */
export interface AnswerRouter {
  /**
   * Announces that this instance awaits the answer to `requestId` of session `sessionId` for at
   * most `ttlMs`. The request goes on the wire only once this resolves; a rejection fails the
   * request, as if the client had not answered.
   */
  expect(sessionId: string, requestId: string, ttlMs: number): Promise<void>;
  /** The request awaits no answer any more (answered, timed out, withdrawn): a late answer is refused. */
  forget(sessionId: string, requestId: string): void;
  /**
   * Hands what a client sent about a request this instance does not hold to the instance that
   * does. For a response, resolves `false` when no instance awaits it: the answer is refused.
   * A cancellation reaches every instance of the server; it resolves once sent.
   */
  route(sessionId: string, answer: RoutedAnswer): Promise<boolean>;
  /** Starts handing this instance what other instances route to it. The server calls it once. */
  listen(deliver: (sessionId: string, answer: RoutedAnswer) => void): void;
}
