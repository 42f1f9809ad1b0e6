// The names the OpenTelemetry MCP semantic conventions give to attributes and metrics (see the
// README for the version followed). One place, so a rename upstream is a change of one line.

export const ATTR_MCP_METHOD_NAME = 'mcp.method.name';
export const ATTR_MCP_PROTOCOL_VERSION = 'mcp.protocol.version';
export const ATTR_MCP_SESSION_ID = 'mcp.session.id';
export const ATTR_MCP_RESOURCE_URI = 'mcp.resource.uri';
export const ATTR_GEN_AI_TOOL_NAME = 'gen_ai.tool.name';
export const ATTR_GEN_AI_PROMPT_NAME = 'gen_ai.prompt.name';
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
export const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments';
export const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result';
export const ATTR_JSONRPC_REQUEST_ID = 'jsonrpc.request.id';
export const ATTR_RPC_RESPONSE_STATUS_CODE = 'rpc.response.status_code';
export const ATTR_ERROR_TYPE = 'error.type';
export const ATTR_NETWORK_TRANSPORT = 'network.transport';
export const ATTR_NETWORK_PROTOCOL_NAME = 'network.protocol.name';
export const ATTR_SERVER_ADDRESS = 'server.address';
export const ATTR_SERVER_PORT = 'server.port';
export const ATTR_CLIENT_ADDRESS = 'client.address';
export const ATTR_CLIENT_PORT = 'client.port';

/** `gen_ai.operation.name` of a tool call, and of nothing else. */
export const EXECUTE_TOOL = 'execute_tool';
/** `error.type` of a `CallToolResult` with `isError: true`. */
export const TOOL_ERROR = 'tool_error';
/** `error.type` when nothing more precise is known. */
export const OTHER_ERROR = '_OTHER';

export const METRIC_CLIENT_OPERATION_DURATION = 'mcp.client.operation.duration';
export const METRIC_SERVER_OPERATION_DURATION = 'mcp.server.operation.duration';
export const METRIC_CLIENT_SESSION_DURATION = 'mcp.client.session.duration';
export const METRIC_SERVER_SESSION_DURATION = 'mcp.server.session.duration';

/** The bucket boundaries, in seconds, the conventions give every MCP duration histogram. */
export const DURATION_BUCKETS: readonly number[] = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
];
