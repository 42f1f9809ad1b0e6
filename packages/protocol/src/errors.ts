import { compileCheck } from './check.js';
import { clipForMessage } from './clip.js';
import type { ClientCapabilities } from './schemas/capabilities.js';
import type { RequestId } from './schemas/json.js';
import {
  type JSONRPCErrorResponse,
  MissingRequiredClientCapabilityErrorSchema,
  UnsupportedProtocolVersionErrorSchema,
} from './schemas/jsonrpc.js';

/** JSON-RPC and MCP error codes of 2026-07-28 (digest §1.3). */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** `-32002`: "resource not found" before 2026-07-28. Never emitted; still understood from old servers (P-24). */
export const LEGACY_RESOURCE_NOT_FOUND = -32002;

/** `data` of a `-32021` error. */
export interface MissingCapabilityData {
  requiredCapabilities: ClientCapabilities;
}
/** `data` of a `-32022` error. */
export interface UnsupportedVersionData {
  supported: string[];
  requested: string;
}

/**
 * A protocol error: a JSON-RPC error received from the peer, or one this side will send.
 * A tool failure is not an `McpError`; it is a `CallToolResult` with `isError: true`.
 *
 * `httpStatus` is never sent; it tells the HTTP transport which status to answer with when the
 * code alone does not decide it (a missing `_meta` field is `-32602` with 400, an unknown tool is
 * `-32602` with 200). `httpHeaders`, never sent either, are response headers the HTTP transport
 * adds to that error's response (an authorization layer's `WWW-Authenticate` challenge on a 403).
 *
 * @example
 * ```ts
 * throw McpError.invalidParams('Unknown tool: nope');
 * throw McpError.resourceNotFound('file:///missing.txt');
 * ```
 */
export class McpError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly httpStatus: number | undefined;
  readonly httpHeaders: Readonly<Record<string, string>> | undefined;

  constructor(
    code: number,
    message: string,
    data?: unknown,
    options?: { httpStatus?: number; httpHeaders?: Readonly<Record<string, string>>; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'McpError';
    this.code = code;
    this.data = data;
    this.httpStatus = options?.httpStatus;
    this.httpHeaders = options?.httpHeaders;
  }

  /** `-32700`: the bytes are not JSON. */
  static parseError(detail: string): McpError {
    return new McpError(ErrorCode.ParseError, `Parse error: ${detail}`);
  }

  /** `-32600`: JSON, but not a single JSON-RPC request or notification. */
  static invalidRequest(reason: string): McpError {
    return new McpError(ErrorCode.InvalidRequest, `Invalid request: ${reason}`);
  }

  /** `-32601` (HTTP 404): unknown method, or one whose capability the server does not advertise (S-4). */
  static methodNotFound(method: string): McpError {
    return new McpError(ErrorCode.MethodNotFound, `Method not found: ${clipForMessage(method)}`, undefined, {
      httpStatus: 404,
    });
  }

  /** `-32602`: params that do not fit the method. */
  static invalidParams(message: string, data?: unknown, options?: { httpStatus?: number }): McpError {
    return new McpError(ErrorCode.InvalidParams, message, data, options);
  }

  /** `-32602` with HTTP 400: a required per-request `_meta` field is missing or malformed (S-1, P-35). */
  static invalidRequestMeta(message: string): McpError {
    return new McpError(ErrorCode.InvalidParams, message, undefined, { httpStatus: 400 });
  }

  /** `-32602` with `data.uri`: the resource does not exist (S-28). */
  static resourceNotFound(uri: string): McpError {
    return new McpError(ErrorCode.InvalidParams, `Resource not found: ${clipForMessage(uri)}`, { uri });
  }

  /** `-32603`: something broke on this side. The message should not leak internals. */
  static internalError(message = 'Internal error'): McpError {
    return new McpError(ErrorCode.InternalError, message);
  }

  /** `-32020` (HTTP 400): an HTTP header disagrees with the body, is missing or is malformed (H-29). */
  static headerMismatch(message: string): McpError {
    return new McpError(ErrorCode.HeaderMismatch, message, undefined, { httpStatus: 400 });
  }

  /** `-32021` (HTTP 400): the request needs client capabilities it did not declare (S-3). */
  static missingRequiredClientCapability(
    requiredCapabilities: ClientCapabilities,
    message?: string,
  ): McpError {
    const data: MissingCapabilityData = { requiredCapabilities };
    return new McpError(
      ErrorCode.MissingRequiredClientCapability,
      message ?? 'Missing required client capability',
      data,
      { httpStatus: 400 },
    );
  }

  /** `-32022` (HTTP 400): the requested protocol version is not served here (S-2). */
  static unsupportedProtocolVersion(requested: string, supported: readonly string[]): McpError {
    const data: UnsupportedVersionData = { supported: [...supported], requested };
    return new McpError(
      ErrorCode.UnsupportedProtocolVersion,
      `Unsupported protocol version: ${clipForMessage(requested)}`,
      data,
      { httpStatus: 400 },
    );
  }

  /** An `McpError` from the `error` member of a received error response. */
  static fromResponse(response: JSONRPCErrorResponse): McpError {
    const { code, message, data } = response.error;
    return new McpError(code, message, data);
  }

  /** The `error` member for a JSON-RPC error response. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** The codes JSON-RPC 2.0 defines in its reserved range -32768..-32000. */
const JSON_RPC_CODES = new Set<number>([-32700, -32600, -32601, -32602, -32603]);

/**
 * Why this side must not send `code`, or `undefined` when it may (P-21..P-23, P-26, S-8):
 * the legacy range -32000..-32019 is off limits, -32020..-32099 holds only the codes the spec
 * defines, the retired -32002 and -32042 are never sent, and the rest of JSON-RPC's reserved range
 * -32768..-32000 holds only the codes JSON-RPC defines.
 */
export function disallowedErrorCodeReason(code: number): string | undefined {
  if (!Number.isInteger(code)) return 'error codes are integers';
  if (code === LEGACY_RESOURCE_NOT_FOUND || code === -32042) return `${code} is retired (P-23)`;
  if (code >= -32019 && code <= -32000) return `${code} is in the legacy range -32000..-32019 (P-21)`;
  if (code >= -32099 && code <= -32020) {
    const defined = code === -32020 || code === -32021 || code === -32022;
    return defined ? undefined : `${code} is reserved for the spec and not defined by it (P-22)`;
  }
  if (code >= -32768 && code <= -32100 && !JSON_RPC_CODES.has(code)) {
    return `${code} is reserved by JSON-RPC and not defined by it; application codes go outside -32768..-32000 (P-26)`;
  }
  return undefined;
}

const dataChecks: Record<number, { check: (response: unknown) => boolean; shape: string }> = {
  [ErrorCode.MissingRequiredClientCapability]: {
    check: compileCheck(MissingRequiredClientCapabilityErrorSchema),
    shape: '{ requiredCapabilities }',
  },
  [ErrorCode.UnsupportedProtocolVersion]: {
    check: compileCheck(UnsupportedProtocolVersionErrorSchema),
    shape: '{ supported, requested }',
  },
};

/**
 * Why this side must not send `error`, or `undefined` when it may: its code is disallowed
 * (`disallowedErrorCodeReason`), or it is `-32021` or `-32022` without the `data` the spec requires
 * of them (S-2, S-3).
 */
export function disallowedErrorReason(error: {
  code: number;
  message: string;
  data?: unknown;
}): string | undefined {
  const codeReason = disallowedErrorCodeReason(error.code);
  if (codeReason !== undefined) return codeReason;
  const data = dataChecks[error.code];
  if (!data) return undefined;
  const member = { code: error.code, message: error.message, data: error.data };
  return data.check({ jsonrpc: '2.0', error: member })
    ? undefined
    : `${error.code} needs data ${data.shape} (S-2, S-3)`;
}

/**
 * The JSON-RPC error response for `error`, with the policy of `disallowedErrorReason` applied:
 * a code this side may not send, or a `-32021`/`-32022` without its required `data`, becomes
 * `-32603`. Non-`McpError` throwables become `-32603` too, without their message (it may hold
 * internals).
 */
export function toErrorResponse(error: unknown, id: RequestId | undefined): JSONRPCErrorResponse {
  let mcpError = error instanceof McpError ? error : McpError.internalError();
  if (disallowedErrorReason(mcpError) !== undefined) mcpError = McpError.internalError();
  const response: JSONRPCErrorResponse =
    id === undefined
      ? { jsonrpc: '2.0', error: mcpError.toJSON() }
      : { jsonrpc: '2.0', id, error: mcpError.toJSON() };
  if (mcpError.httpStatus !== undefined) setHttpStatus(response, mcpError.httpStatus);
  if (mcpError.httpHeaders !== undefined) {
    (response as { [httpHeadersKey]?: Readonly<Record<string, string>> })[httpHeadersKey] =
      mcpError.httpHeaders;
  }
  return response;
}

/** Off-the-wire HTTP status attached to an error response; `JSON.stringify` ignores symbol keys. */
const httpStatusKey: unique symbol = Symbol.for('mcpkit.httpStatus');
/** Off-the-wire HTTP response headers of an error response, from `McpError.httpHeaders`. */
const httpHeadersKey: unique symbol = Symbol.for('mcpkit.httpHeaders');

/** Attach the HTTP status an endpoint wants for this error response (ARCHITECTURE.md, "Errors and status codes"). */
export function setHttpStatus(response: JSONRPCErrorResponse, status: number): void {
  (response as { [httpStatusKey]?: number })[httpStatusKey] = status;
}

/** The HTTP status attached by `setHttpStatus`, if any. */
export function explicitHttpStatus(response: JSONRPCErrorResponse): number | undefined {
  return (response as { [httpStatusKey]?: number })[httpStatusKey];
}

/** The HTTP response headers the error's `McpError` asked for, if any. */
export function explicitHttpHeaders(
  response: JSONRPCErrorResponse,
): Readonly<Record<string, string>> | undefined {
  return (response as { [httpHeadersKey]?: Readonly<Record<string, string>> })[httpHeadersKey];
}

/**
 * Whether an error answering `resources/read` means "resource not found": `-32602`, or the
 * pre-2026 `-32002` that old servers still send (P-24, C-17).
 */
export function isResourceNotFound(error: { code: number }): boolean {
  return error.code === ErrorCode.InvalidParams || error.code === LEGACY_RESOURCE_NOT_FOUND;
}
