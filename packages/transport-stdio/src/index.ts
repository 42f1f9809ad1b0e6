export type {
  ChildExit,
  ShutdownTimeouts,
  SpawnSpec,
} from './client/child-connection.js';
export {
  type RestartDecision,
  type RestartMode,
  type RestartOptions,
  type RestartPolicy,
  restartDecision,
  restartPolicy,
} from './client/restart-policy.js';
export type { StdioClientTransport, StdioClientTransportOptions } from './client/stdio-client-contract.js';
export { createStdioClientTransport } from './client/stdio-client-transport.js';
export { DEFAULT_MAX_MESSAGE_BYTES, type LineSink, LineSplitter } from './line-splitter.js';
export { type StdioServerOptions, serveStdio } from './server/serve-stdio.js';
export {
  type ServerStreams,
  type StreamServer,
  type StreamServerOptions,
  serveStreams,
} from './server/serve-streams.js';
