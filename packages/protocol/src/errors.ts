import { brandClass } from './brand.js';
import { clipForMessage } from './clip.js';
import type { FailureReason, FinalResponse } from './contracts.js';
import type { ClientCapabilities } from './schemas/capabilities.js';
import type { RequestId } from './schemas/json.js';
import type { JSONRPCErrorResponse } from './schemas/jsonrpc.js';
import { isMissingCapabilityErrorResponse, isUnsupportedVersionErrorResponse } from './shape-checks.js';

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
 * `reason` is never sent: it says which step refused the request, when the code alone does not
 * (a missing `_meta` field and an unknown tool are both `-32602`), and transports derive their
 * status from it (`httpStatusFor`). Without one, it follows from the code. `challenge`, never
 * sent either, is an authorization refusal's `WWW-Authenticate` value (see `FinalResponse`).
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
  /** Which step refused the request; decides the transport's status (`httpStatusFor`). */
  readonly reason: FailureReason;
  /** An `unauthorized` or `forbidden` refusal's challenge, for the transport (HTTP `WWW-Authenticate`). */
  readonly challenge: string | undefined;

  constructor(
    code: number,
    message: string,
    data?: unknown,
    options?: { reason?: FailureReason; challenge?: string; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'McpError';
    this.code = code;
    this.data = data;
    this.reason = options?.reason ?? reasonForCode(code);
    this.challenge = options?.challenge;
  }

  /** `-32700`: the bytes are not JSON. */
  static parseError(detail: string): McpError {
    return newMcpError(ErrorCode.ParseError, `Parse error: ${detail}`);
  }

  /** `-32600`: JSON, but not a single JSON-RPC request or notification. */
  static invalidRequest(reason: string): McpError {
    return newMcpError(ErrorCode.InvalidRequest, `Invalid request: ${reason}`);
  }

  /** `-32601` (HTTP 404): unknown method, or one whose capability the server does not advertise (S-4). */
  static methodNotFound(method: string): McpError {
    return newMcpError(ErrorCode.MethodNotFound, `Method not found: ${clipForMessage(method)}`);
  }

  /** `-32602`: params that do not fit the method. */
  static invalidParams(message: string, data?: unknown): McpError {
    return newMcpError(ErrorCode.InvalidParams, message, data);
  }

  /** `-32602` with HTTP 400: a required per-request `_meta` field is missing or malformed (S-1, P-35). */
  static invalidRequestMeta(message: string): McpError {
    return newMcpError(ErrorCode.InvalidParams, message, undefined, { reason: 'request-meta' });
  }

  /** `-32602` with `data.uri`: the resource does not exist (S-28). */
  static resourceNotFound(uri: string): McpError {
    return newMcpError(ErrorCode.InvalidParams, `Resource not found: ${clipForMessage(uri)}`, { uri });
  }

  /** `-32603`: something broke on this side. The message should not leak internals. */
  static internalError(message = 'Internal error'): McpError {
    return newMcpError(ErrorCode.InternalError, message);
  }

  /** `-32020` (HTTP 400): an HTTP header disagrees with the body, is missing or is malformed (H-29). */
  static headerMismatch(message: string): McpError {
    return newMcpError(ErrorCode.HeaderMismatch, message);
  }

  /** `-32021` (HTTP 400): the request needs client capabilities it did not declare (S-3). */
  static missingRequiredClientCapability(
    requiredCapabilities: ClientCapabilities,
    message?: string,
  ): McpError {
    const data: MissingCapabilityData = { requiredCapabilities };
    return newMcpError(
      ErrorCode.MissingRequiredClientCapability,
      message ?? 'Missing required client capability',
      data,
    );
  }

  /** `-32022` (HTTP 400): the requested protocol version is not served here (S-2). */
  static unsupportedProtocolVersion(requested: string, supported: readonly string[]): McpError {
    const data: UnsupportedVersionData = { supported: [...supported], requested };
    return newMcpError(
      ErrorCode.UnsupportedProtocolVersion,
      `Unsupported protocol version: ${clipForMessage(requested)}`,
      data,
    );
  }

  /** An `McpError` from the `error` member of a received error response. */
  static fromResponse(response: JSONRPCErrorResponse): McpError {
    const { code, message, data } = response.error;
    return newMcpError(code, message, data);
  }

  /** The `error` member for a JSON-RPC error response. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/**
 * `new McpError(…)` for its static factories. esbuild renames a class whose body names itself
 * (`_McpError`, in `constructor.name` and stack traces) when it bundles; built from out here, the
 * class keeps its name (`packaging/dist-names.test.mjs` checks every exported class).
 */
function newMcpError(...args: ConstructorParameters<typeof McpError>): McpError {
  return new McpError(...args);
}

/**
 * Whether `value` is an `McpError` of any build of this package (ESM or CJS); `instanceof McpError`
 * answers the same.
 */
export const isMcpError = brandClass(McpError, '@mcpkit/protocol/McpError') as (
  value: unknown,
) => value is McpError;

/** The reason an error without an explicit one stands for, by its code. */
function reasonForCode(code: number): FailureReason {
  switch (code) {
    case ErrorCode.ParseError:
    case ErrorCode.InvalidRequest:
      return 'envelope';
    case ErrorCode.HeaderMismatch:
      return 'header-mismatch';
    case ErrorCode.UnsupportedProtocolVersion:
      return 'unsupported-version';
    case ErrorCode.MethodNotFound:
      return 'unknown-method';
    case ErrorCode.MissingRequiredClientCapability:
      return 'missing-capability';
    case ErrorCode.InvalidParams:
      return 'invalid-params';
    default:
      return 'handler';
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
  if (code === LEGACY_RESOURCE_NOT_FOUND || code === -32042) return `${code} is retired`; // P-23
  if (code >= -32019 && code <= -32000) return `${code} is in the legacy range -32000..-32019`; // P-21
  if (code >= -32099 && code <= -32020) {
    const defined = code === -32020 || code === -32021 || code === -32022;
    return defined ? undefined : `${code} is reserved for the spec and not defined by it`; // P-22
  }
  if (code >= -32768 && code <= -32100 && !JSON_RPC_CODES.has(code)) {
    return `${code} is reserved by JSON-RPC and not defined by it; application codes go outside -32768..-32000`; // P-26
  }
  return undefined;
}

/** The check and the shape in words of the `data` the spec requires of `-32021` and `-32022` (S-2, S-3). */
function dataCheckFor(code: number): { check: (response: unknown) => boolean; shape: string } | undefined {
  if (code === ErrorCode.MissingRequiredClientCapability) {
    return { check: isMissingCapabilityErrorResponse, shape: '{ requiredCapabilities }' };
  }
  if (code === ErrorCode.UnsupportedProtocolVersion) {
    return { check: isUnsupportedVersionErrorResponse, shape: '{ supported, requested }' };
  }
  return undefined;
}

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
  const data = dataCheckFor(error.code);
  if (!data) return undefined;
  const member = { code: error.code, message: error.message, data: error.data };
  return data.check({ jsonrpc: '2.0', error: member }) ? undefined : `${error.code} needs data ${data.shape}`; // S-2, S-3
}

/**
 * The error this side sends for `error`, with the policy of `disallowedErrorReason` applied:
 * a code this side may not send, or a `-32021`/`-32022` without its required `data`, becomes
 * `-32603`. Non-`McpError` throwables become `-32603` too, without their message (it may hold
 * internals).
 */
export function sendableError(error: unknown): McpError {
  const mcpError = error instanceof McpError ? error : undefined;
  return mcpError === undefined || disallowedErrorReason(mcpError) !== undefined
    ? McpError.internalError()
    : mcpError;
}

function errorResponseOf(sent: McpError, id: RequestId | undefined): JSONRPCErrorResponse {
  const member = sent.toJSON();
  return id === undefined ? { jsonrpc: '2.0', error: member } : { jsonrpc: '2.0', id, error: member };
}

/** The JSON-RPC error response for `error`, as `sendableError` lets it out. */
export function toErrorResponse(error: unknown, id: RequestId | undefined): JSONRPCErrorResponse {
  return errorResponseOf(sendableError(error), id);
}

/** The final response of an exchange that failed with `error` (see `FinalResponse`). */
export function errorFinal(error: unknown, id: RequestId | undefined): FinalResponse {
  const sent = sendableError(error);
  return { response: errorResponseOf(sent, id), failure: sent.reason, challenge: sent.challenge };
}

/**
 * Whether an error answering `resources/read` means "resource not found": `-32602`, or the
 * pre-2026 `-32002` that old servers still send (P-24, C-17).
 */
export function isResourceNotFound(error: { code: number }): boolean {
  return error.code === ErrorCode.InvalidParams || error.code === LEGACY_RESOURCE_NOT_FOUND;
}
