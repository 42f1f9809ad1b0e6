import type { McpHeaderAnnotation } from '@mcpkit/protocol';
import {
  clipForMessage,
  decodeHeaderValue,
  isFieldValue,
  McpError,
  McpHeader,
  mirroredNameParam,
  trimFieldValue,
  valueAtPath,
} from '@mcpkit/protocol/internal';

// `\d+(?:\.\d*)?`, not `\d+\.?\d*`: two runs of digits side by side made a long header cost quadratic time.
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function describe(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

function mismatch(header: string, headerValue: string, bodyValue: unknown): McpError {
  const headerText = clipForMessage(headerValue);
  const bodyText = clipForMessage(describe(bodyValue));
  return McpError.headerMismatch(
    `Header mismatch: ${header} header value '${headerText}' does not match body value '${bodyText}'`,
  );
}

/**
 * `isFieldValue` that remembers the last value it passed. A client sends the same protocol version
 * and method on request after request: comparing with the last one costs a fraction of the scan,
 * about 30 instructions a character.
 */
function lastValidMemo(): (value: string) => boolean {
  let lastValid: string | undefined;
  return (value) => {
    if (value === lastValid) return true;
    if (!isFieldValue(value)) return false;
    lastValid = value;
    return true;
  };
}

const validVersion = lastValidMemo();
const validMethod = lastValidMemo();

/** A plain header (`MCP-Protocol-Version`, `Mcp-Method`): required, visible ASCII, equal to the body. */
function plainHeader(
  headers: Headers,
  name: string,
  bodyValue: string,
  valid: (value: string) => boolean,
): McpError | undefined {
  const raw = headers.get(name);
  if (raw === null) return McpError.headerMismatch(`Header mismatch: missing ${name} header`);
  const value = trimFieldValue(raw);
  if (!valid(value))
    return McpError.headerMismatch(`Header mismatch: ${name} header holds invalid characters`);
  return value === bodyValue ? undefined : mismatch(name, value, bodyValue);
}

/** Whether a decoded `Mcp-Param-*` value equals the body value: integers compare numerically (H-31). */
function sameParam(decoded: string, bodyValue: unknown): boolean {
  if (typeof bodyValue === 'string') return decoded === bodyValue;
  if (typeof bodyValue === 'number') return NUMBER.test(decoded) && Number(decoded) === bodyValue;
  if (typeof bodyValue === 'boolean') return decoded === String(bodyValue);
  return false;
}

/** An encoded header (`Mcp-Name`, `Mcp-Param-*`), when the body holds a value for it. */
function encodedHeader(headers: Headers, name: string, bodyValue: unknown): McpError | undefined {
  const raw = headers.get(name);
  if (bodyValue === undefined || bodyValue === null) {
    return raw === null ? undefined : mismatch(name, trimFieldValue(raw), bodyValue);
  }
  if (raw === null) return McpError.headerMismatch(`Header mismatch: missing ${name} header`);
  const decoded = decodeHeaderValue(raw);
  if (decoded === undefined) {
    return McpError.headerMismatch(
      `Header mismatch: ${name} header holds invalid characters or invalid Base64`,
    );
  }
  return sameParam(decoded, bodyValue) ? undefined : mismatch(name, decoded, bodyValue);
}

/**
 * Checks the HTTP mirror headers against the body (H-17..H-33): `MCP-Protocol-Version` and
 * `Mcp-Method` always, `Mcp-Name` where the method has one (a task method's is its `taskId`, X-16), and `Mcp-Param-*` for the called
 * tool's `x-mcp-header` parameters. Header names are case-insensitive, values are not; whitespace
 * around a value is ignored. Returns the `-32020` error of the first problem, or `undefined`.
 */
export function checkHeaders(
  headers: Headers,
  method: string,
  params: Record<string, unknown>,
  protocolVersion: string,
  toolHeaders: (toolName: string) => readonly McpHeaderAnnotation[] | undefined,
): McpError | undefined {
  const problem =
    plainHeader(headers, McpHeader.protocolVersion, protocolVersion, validVersion) ??
    plainHeader(headers, McpHeader.method, method, validMethod);
  if (problem) return problem;
  const nameParam = mirroredNameParam(method);
  if (nameParam) {
    const nameProblem = encodedHeader(headers, McpHeader.name, params[nameParam]);
    if (nameProblem) return nameProblem;
  }
  if (method !== 'tools/call' || typeof params.name !== 'string') return undefined;
  const annotations = toolHeaders(params.name);
  if (!annotations) return undefined;
  for (const { header, path } of annotations) {
    const paramProblem = encodedHeader(
      headers,
      `${McpHeader.paramPrefix}${header}`,
      valueAtPath(params.arguments, path),
    );
    if (paramProblem) return paramProblem;
  }
  return undefined;
}
