import type { AnswerRouter } from './answer-router.js';
import type { SessionStore } from './session-store.js';

/** How a server serves 2025-era clients (`McpServer`'s `legacy` option). */
export interface LegacyOptions {
  /**
   * Serve legacy HTTP clients without sessions: no `Mcp-Session-Id`, no `GET` stream, no
   * subscriptions, and a request without `MCP-Protocol-Version` is a 2025-03-26 one (B-12). No
   * client capabilities are known past `initialize` and no answer could find its way back, so a
   * handler that asks for input (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`, `ctx.ask`) gets
   * `-32021` whose message says so; the server sends no request to the client. Default false.
   */
  stateless?: boolean;
  /** Where HTTP sessions live; share one between instances. Default: `InMemorySessionStore`. */
  sessionStore?: SessionStore;
  /** Legacy revisions served, newest first. Default: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05. */
  versions?: readonly string[];
  /** How long the server waits for a client to answer one of its requests. Default 60,000 ms. */
  requestTimeoutMs?: number;
  /**
   * Carries a client's answers to the server's requests, and its cancellations, between the
   * instances behind a load balancer (see `AnswerRouter`). Default: none, one process.
   */
  answerRouter?: AnswerRouter;
}
