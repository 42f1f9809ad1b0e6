// The OpenTelemetry MCP semantic conventions as pure functions: what a span is called and which
// attributes a span and a metric point carry, from facts about one request or notification.
import type { Attributes } from '@opentelemetry/api';
import {
  ATTR_CLIENT_ADDRESS,
  ATTR_CLIENT_PORT,
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROMPT_NAME,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_JSONRPC_REQUEST_ID,
  ATTR_MCP_METHOD_NAME,
  ATTR_MCP_PROTOCOL_VERSION,
  ATTR_MCP_RESOURCE_URI,
  ATTR_MCP_SESSION_ID,
  ATTR_NETWORK_PROTOCOL_NAME,
  ATTR_NETWORK_TRANSPORT,
  ATTR_RPC_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  EXECUTE_TOOL,
  OTHER_ERROR,
  TOOL_ERROR,
} from './names.js';

/**
 * The role of a span: `client` for the sender of a request or notification (the MCP server too,
 * when it sends), `server` for its receiver (the MCP client too, for what the server sends).
 */
export type Role = 'client' | 'server';

/** What is known about one request or notification when its span starts. */
export interface OperationFacts {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** Absent for a notification. */
  readonly requestId?: string | number | null | undefined;
  readonly protocolVersion?: string | undefined;
  /** The 2025-era session (`Mcp-Session-Id`); 2026-07-28 has none. */
  readonly sessionId?: string | undefined;
  /** `network.transport`: `pipe` (stdio), `tcp` (HTTP), or what a custom transport says. */
  readonly networkTransport?: string | undefined;
  /** `network.protocol.name`: `http` for HTTP. */
  readonly networkProtocol?: string | undefined;
  /** The peer when it is the server of a client span or the client of a server span. */
  readonly peerAddress?: string | undefined;
  readonly peerPort?: number | undefined;
}

/** How an operation ended, for `error.type`, `rpc.response.status_code` and the span status. */
export interface Outcome {
  readonly errorType: string;
  /** The JSON-RPC error code, when the peer answered with one. */
  readonly statusCode?: string | undefined;
  /** The JSON-RPC error's message, for the span status description. */
  readonly message?: string | undefined;
}

/** The methods whose params name a resource: `mcp.resource.uri` is set for these only. */
const RESOURCE_METHODS: ReadonlySet<string> = new Set([
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/resources/updated',
]);

function stringParam(params: OperationFacts['params'], key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** The tool a `tools/call` names. */
function toolNameOf(method: string, params: OperationFacts['params']): string | undefined {
  return method === 'tools/call' ? stringParam(params, 'name') : undefined;
}

function promptNameOf(method: string, params: OperationFacts['params']): string | undefined {
  return method === 'prompts/get' ? stringParam(params, 'name') : undefined;
}

function resourceUriOf(method: string, params: OperationFacts['params']): string | undefined {
  return RESOURCE_METHODS.has(method) ? stringParam(params, 'uri') : undefined;
}

/**
 * `{mcp.method.name} {target}`: the target is the tool or prompt name; a resource URI only when
 * asked for (`withResourceUri`), as URIs make names of unbounded cardinality; otherwise the
 * method alone.
 */
export function spanNameOf(
  method: string,
  params: OperationFacts['params'],
  withResourceUri = false,
): string {
  const target =
    toolNameOf(method, params) ??
    promptNameOf(method, params) ??
    (withResourceUri ? resourceUriOf(method, params) : undefined);
  return target === undefined ? method : `${method} ${target}`;
}

/** The attributes both a span and its duration metric carry. */
function commonAttributes(facts: OperationFacts, role: Role): Attributes {
  const { method, params } = facts;
  const attributes: Attributes = { [ATTR_MCP_METHOD_NAME]: method };
  const tool = toolNameOf(method, params);
  if (tool !== undefined) {
    attributes[ATTR_GEN_AI_TOOL_NAME] = tool;
    attributes[ATTR_GEN_AI_OPERATION_NAME] = EXECUTE_TOOL;
  }
  const prompt = promptNameOf(method, params);
  if (prompt !== undefined) attributes[ATTR_GEN_AI_PROMPT_NAME] = prompt;
  if (facts.protocolVersion !== undefined) attributes[ATTR_MCP_PROTOCOL_VERSION] = facts.protocolVersion;
  if (facts.networkTransport !== undefined) attributes[ATTR_NETWORK_TRANSPORT] = facts.networkTransport;
  if (facts.networkProtocol !== undefined) attributes[ATTR_NETWORK_PROTOCOL_NAME] = facts.networkProtocol;
  // The metric carries the server's address on the client only; the client's stays on the span.
  if (role === 'client' && facts.peerAddress !== undefined) {
    attributes[ATTR_SERVER_ADDRESS] = facts.peerAddress;
    if (facts.peerPort !== undefined) attributes[ATTR_SERVER_PORT] = facts.peerPort;
  }
  return attributes;
}

/** The attributes of the span of one operation, at its start. */
export function spanAttributes(facts: OperationFacts, role: Role): Attributes {
  const attributes = commonAttributes(facts, role);
  const uri = resourceUriOf(facts.method, facts.params);
  if (uri !== undefined) attributes[ATTR_MCP_RESOURCE_URI] = uri;
  // A null id is not an id to record; a notification has none.
  if (facts.requestId !== undefined && facts.requestId !== null)
    attributes[ATTR_JSONRPC_REQUEST_ID] = String(facts.requestId);
  if (facts.sessionId !== undefined) attributes[ATTR_MCP_SESSION_ID] = facts.sessionId;
  if (role === 'server' && facts.peerAddress !== undefined) {
    attributes[ATTR_CLIENT_ADDRESS] = facts.peerAddress;
    if (facts.peerPort !== undefined) attributes[ATTR_CLIENT_PORT] = facts.peerPort;
  }
  return attributes;
}

/**
 * The attributes of the INTERNAL span around a client call of several requests: what names its
 * target, and no `gen_ai.operation.name`, so that the tool execution is counted once per request
 * span and not once more for the group.
 */
export function callAttributes(method: string, params: OperationFacts['params']): Attributes {
  const attributes: Attributes = { [ATTR_MCP_METHOD_NAME]: method };
  const tool = toolNameOf(method, params);
  if (tool !== undefined) attributes[ATTR_GEN_AI_TOOL_NAME] = tool;
  const prompt = promptNameOf(method, params);
  if (prompt !== undefined) attributes[ATTR_GEN_AI_PROMPT_NAME] = prompt;
  const uri = resourceUriOf(method, params);
  if (uri !== undefined) attributes[ATTR_MCP_RESOURCE_URI] = uri;
  return attributes;
}

/** The attributes of one point of `mcp.{client,server}.operation.duration`. */
export function metricAttributes(
  facts: OperationFacts,
  role: Role,
  outcome: Outcome | undefined,
): Attributes {
  const attributes = commonAttributes(facts, role);
  if (outcome !== undefined) setOutcome(attributes, outcome);
  return attributes;
}

/**
 * The attributes of one point of `mcp.{client,server}.session.duration`: the version, the
 * transport, the server's address on the client, `error.type` when the session ended in error.
 */
export function sessionAttributes(
  facts: Omit<OperationFacts, 'method' | 'params'>,
  role: Role,
  outcome: Outcome | undefined,
): Attributes {
  const attributes: Attributes = {};
  if (facts.protocolVersion !== undefined) attributes[ATTR_MCP_PROTOCOL_VERSION] = facts.protocolVersion;
  if (facts.networkTransport !== undefined) attributes[ATTR_NETWORK_TRANSPORT] = facts.networkTransport;
  if (facts.networkProtocol !== undefined) attributes[ATTR_NETWORK_PROTOCOL_NAME] = facts.networkProtocol;
  if (role === 'client' && facts.peerAddress !== undefined) {
    attributes[ATTR_SERVER_ADDRESS] = facts.peerAddress;
    if (facts.peerPort !== undefined) attributes[ATTR_SERVER_PORT] = facts.peerPort;
  }
  if (outcome !== undefined) attributes[ATTR_ERROR_TYPE] = outcome.errorType;
  return attributes;
}

/** Adds `error.type` and, for a JSON-RPC error, `rpc.response.status_code`. */
export function setOutcome(attributes: Attributes, outcome: Outcome): void {
  attributes[ATTR_ERROR_TYPE] = outcome.errorType;
  if (outcome.statusCode !== undefined) attributes[ATTR_RPC_RESPONSE_STATUS_CODE] = outcome.statusCode;
}

/** A result that reports a failure in its payload: a `CallToolResult` with `isError: true`. */
export function outcomeOfResult(method: string, result: unknown): Outcome | undefined {
  if (method !== 'tools/call' || typeof result !== 'object' || result === null) return undefined;
  return (result as { isError?: unknown }).isError === true ? { errorType: TOOL_ERROR } : undefined;
}

/**
 * A failure: a JSON-RPC error (anything with a numeric `code`, as `McpError`) is its code as a
 * string, in both `error.type` and `rpc.response.status_code`; a timeout is `timeout`; another
 * error is its class name (`RequestAbortedError`, `TypeError`), or `_OTHER` for a plain `Error`
 * or a value that is not one.
 */
export function outcomeOfError(error: unknown): Outcome {
  if (!(error instanceof Error)) return { errorType: OTHER_ERROR };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number' && Number.isInteger(code)) {
    const text = String(code);
    return { errorType: text, statusCode: text, message: error.message };
  }
  if (error.name === 'RequestTimeoutError' || error.name === 'TimeoutError')
    return { errorType: 'timeout', message: error.message };
  return { errorType: error.name === 'Error' ? OTHER_ERROR : error.name, message: error.message };
}
