import type {
  ClientTransport,
  JSONRPCMessage,
  JSONRPCNotification,
  LegacyClientWire,
  McpError,
} from '@mcpkit/protocol';
import type { ChildExit, ShutdownTimeouts, SpawnSpec } from './child-connection.js';
import type { RestartOptions } from './restart-policy.js';

/** Options of `createStdioClientTransport`. */
export interface StdioClientTransportOptions extends SpawnSpec {
  /** Replacing a server process that died (T-17). Default: on demand, with backoff, 5 attempts. */
  restart?: RestartOptions;
  /** Steps of `close()` (T-14). */
  shutdown?: ShutdownTimeouts;
  /** Longest accepted line from the server, in bytes. Default 64 MiB. */
  maxMessageBytes?: number;
  /**
   * Messages that belong to no exchange in flight: a `notifications/message` that cannot be
   * attributed to one request, a response that arrives after its request was cancelled
   * (C-53), a listen notification after the listen ended, a notification for no request while
   * nobody reads `legacy.serverMessages`. Requests from a (2025-era) server go to `legacy.onServerRequest`, and here
   * when there is no handler.
   */
  onUnrouted?: (message: JSONRPCMessage) => void;
  /** Lines on the server's stdout that are not one JSON-RPC message (the server broke T-3); they are skipped. */
  onInvalidLine?: (error: McpError) => void;
  /** Called each time a server process ends, expectedly (`close()`) or not. */
  onExit?: (exit: ChildExit) => void;
}

/**
 * A `ClientTransport` that runs an MCP server as a child process (see `createStdioClientTransport`),
 * with what only a process has: its id, and starting it before the first exchange.
 */
export interface StdioClientTransport extends ClientTransport {
  /** The id of the current server process, if one is running. */
  readonly pid: number | undefined;
  /**
   * Starts the server process now rather than at the first exchange. Rejects with a
   * `TransportError` when it cannot be started.
   */
  start(): Promise<void>;
  notify(notification: JSONRPCNotification): Promise<void>;
  onRestart(listener: () => void): () => void;
  readonly peer: string;
  /**
   * The 2025-era wire (B-11, B-13): the session is the running process; requests a 2025-era server
   * writes on the pipe go to the `onServerRequest` handler (without one nothing is written back, as
   * a 2026-era client writes no responses, T-4, and they go to `onUnrouted`); `serverMessages`
   * yields the notifications it writes for no request in flight.
   */
  readonly legacy: LegacyClientWire;
}
