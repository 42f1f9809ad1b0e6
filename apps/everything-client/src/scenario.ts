import type { McpClient, McpClientOptions } from '@mcpkit/client';
import type { HttpClientTransportOptions } from '@mcpkit/transport-http';

/** A tool call the suite asks for in `MCP_CONFORMANCE_CONTEXT`. */
export interface ContextToolCall {
  name: string;
  arguments?: Record<string, unknown>;
}

/** What a scenario gets: the server, the suite's context, and a way to make clients for it. */
export interface ScenarioRun {
  /** The suite's `MCP_CONFORMANCE_CONTEXT`, parsed (`{}` when absent). */
  readonly context: { toolCalls?: ContextToolCall[]; [key: string]: unknown };
  /** The scenario's server. */
  readonly url: string;
  /** A client of the scenario's server with the standard options, `options` on top. */
  client(options?: McpClientOptions, http?: HttpClientTransportOptions): McpClient;
  /** One line of the transcript (stdout). */
  log(line: string): void;
}

/** Plays one client scenario; rejects when the client could not do what the scenario expects. */
export type Scenario = (run: ScenarioRun) => Promise<void>;
