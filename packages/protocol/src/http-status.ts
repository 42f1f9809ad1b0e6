import { ErrorCode, explicitHttpStatus } from './errors.js';
import type { JSONRPCErrorResponse } from './schemas/jsonrpc.js';

/**
 * The HTTP status for a JSON-RPC error response (ARCHITECTURE.md, "Errors and status codes"):
 * the status the endpoint attached, else 400 for envelope errors and the MCP errors
 * -32020/-32021/-32022, 404 for -32601 (H-20), and 200 with the error body for everything else,
 * so dual-era clients do not mistake an ordinary error for a legacy server.
 */
export function httpStatusForError(response: JSONRPCErrorResponse): number {
  const explicit = explicitHttpStatus(response);
  if (explicit !== undefined) return explicit;
  switch (response.error.code) {
    case ErrorCode.ParseError:
    case ErrorCode.InvalidRequest:
    case ErrorCode.HeaderMismatch:
    case ErrorCode.MissingRequiredClientCapability:
    case ErrorCode.UnsupportedProtocolVersion:
      return 400;
    case ErrorCode.MethodNotFound:
      return 404;
    default:
      return 200;
  }
}
