import type { ClientCapabilities, JSONRPCErrorResponse } from '@mcpkit/protocol';
import { ErrorCode, isResourceNotFound, McpError } from '@mcpkit/protocol/internal';

/**
 * `-32021` from the server: the request needs client capabilities it did not declare (C-18).
 * `requiredCapabilities` says which; declare them (register the matching handler) and retry.
 */
export class MissingClientCapabilityError extends McpError {
  readonly requiredCapabilities: ClientCapabilities;

  constructor(message: string, data: unknown) {
    super(ErrorCode.MissingRequiredClientCapability, message, data);
    this.name = 'MissingClientCapabilityError';
    const required = (data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities;
    this.requiredCapabilities =
      typeof required === 'object' && required !== null ? (required as ClientCapabilities) : {};
  }
}

/** `resources/read` answered "not found": `-32602`, or `-32002` from a pre-2026 server (C-17). */
export class ResourceNotFoundError extends McpError {
  readonly uri: string;

  constructor(code: number, message: string, data: unknown, uri: string) {
    super(code, message, data);
    this.name = 'ResourceNotFoundError';
    const reported = (data as { uri?: unknown } | undefined)?.uri;
    this.uri = typeof reported === 'string' ? reported : uri;
  }
}

/**
 * The error a peer's JSON-RPC error response stands for: always an `McpError`, specialised for
 * `-32021` and for a missing resource. A `-32602` answering an input-round retry of a read, without
 * `data.uri`, is about the answers sent, not the resource, and stays a plain `McpError`.
 */
export function peerError(response: JSONRPCErrorResponse, method: string, params: object): McpError {
  const { code, message, data } = response.error;
  if (code === ErrorCode.MissingRequiredClientCapability)
    return new MissingClientCapabilityError(message, data);
  if (method === 'resources/read' && isResourceNotFound(response.error)) {
    const read = params as { uri: string; inputResponses?: unknown; requestState?: unknown };
    const retry = read.inputResponses !== undefined || read.requestState !== undefined;
    const namesUri = typeof (data as { uri?: unknown } | undefined)?.uri === 'string';
    if (code !== ErrorCode.InvalidParams || namesUri || !retry) {
      return new ResourceNotFoundError(code, message, data, read.uri);
    }
  }
  return new McpError(code, message, data);
}

/**
 * Base class of every failure that happened on this side rather than at the peer (P-25).
 * Peer errors are `McpError`s; local ones never are.
 */
export class McpClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'McpClientError';
  }
}

/**
 * A listen on a 2025-era Streamable HTTP session whose server offers no stream outside requests: it
 * answered the session's `GET` with 405, as the spec allows (servers that serve each request on its
 * own do). Nothing a listen asks for can reach the client then: what `Subscription.acknowledged` (or,
 * when the refusal came after the acknowledgement, the subscription's iteration) rejects with.
 * Re-fetch lists when needed instead.
 *
 * @example
 * ```ts
 * try {
 *   await client.listen({ toolsListChanged: true }).acknowledged;
 * } catch (error) {
 *   if (error instanceof ServerStreamRefusedError) setInterval(() => client.listTools(), 60_000);
 * }
 * ```
 */
export class ServerStreamRefusedError extends McpClientError {
  /** The HTTP status the server refused the stream with. */
  readonly status = 405;

  constructor() {
    super(
      'The server offers no stream for notifications outside requests (HTTP 405 to GET): a listen cannot be served',
    );
    this.name = 'ServerStreamRefusedError';
  }
}

/** No response within the call's timeout (reset by progress) or its hard maximum (C-54, P-81). */
export class RequestTimeoutError extends McpClientError {
  readonly method: string;
  readonly limit: 'idle' | 'maximum';
  readonly timeoutMs: number;

  constructor(method: string, limit: 'idle' | 'maximum', timeoutMs: number) {
    super(
      limit === 'idle'
        ? `${method} timed out: no response or progress within ${timeoutMs} ms`
        : `${method} timed out: no response within the maximum of ${timeoutMs} ms`,
    );
    this.name = 'RequestTimeoutError';
    this.method = method;
    this.limit = limit;
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
export class RequestAbortedError extends McpClientError {
  readonly method: string;

  constructor(method: string, reason: unknown) {
    super(`${method} was aborted`, { cause: reason });
    this.name = 'RequestAbortedError';
    this.method = method;
  }
}

/**
 * The server answered something this revision does not allow: an unknown `resultType`, a result
 * that does not fit the method, `input_required` where it may not appear, `structuredContent`
 * that breaks the tool's `outputSchema`. `rule` names the requirement (e.g. `C-15`).
 */
export class InvalidResponseError extends McpClientError {
  readonly method: string;
  readonly rule: string | undefined;

  constructor(method: string, detail: string, rule?: string) {
    super(`Invalid response to ${method}: ${detail}`);
    this.name = 'InvalidResponseError';
    this.method = method;
    this.rule = rule;
  }
}

/**
 * Client and server could not agree on a protocol version (C-10, C-11): they share none, or the
 * server refused the version of the one retry after `-32022` (`refused`), even one it names in
 * `theirs`, so the client gave up rather than loop.
 */
export class NoCommonVersionError extends McpClientError {
  readonly ours: readonly string[];
  readonly theirs: readonly string[];
  /** The version the server's last `-32022` refused; `undefined` when it sent a `DiscoverResult`. */
  readonly refused: string | undefined;

  constructor(ours: readonly string[], theirs: readonly string[], refused?: string) {
    super(noCommonVersionMessage(ours, theirs, refused));
    this.name = 'NoCommonVersionError';
    this.ours = ours;
    this.theirs = theirs;
    this.refused = refused;
  }
}

function noCommonVersionMessage(
  ours: readonly string[],
  theirs: readonly string[],
  refused?: string,
): string {
  const listed = theirs.join(', ');
  if (refused !== undefined && theirs.includes(refused)) {
    return `The server refused protocol version ${refused} with -32022 although the error lists it as supported (${listed}); the client retries only once`;
  }
  if (refused !== undefined && theirs.some((version) => ours.includes(version))) {
    return `The server refused protocol version ${refused} on the retry after -32022, now listing ${listed}; the client retries only once`;
  }
  return `No protocol version in common: the client speaks ${ours.join(', ')}; the server speaks ${
    theirs.length > 0 ? listed : 'none it would name'
  }`;
}

/**
 * The `server/discover` probe says the server speaks an MCP revision older than 2026-07-28
 * (T-21): it answered with an unrecognised error, or stayed silent. This client does not speak
 * those revisions.
 */
export class LegacyServerError extends McpClientError {
  readonly evidence: string;

  constructor(evidence: string, options?: { cause?: unknown }) {
    super(`The server speaks an MCP revision older than 2026-07-28 (${evidence})`, options);
    this.name = 'LegacyServerError';
    this.evidence = evidence;
  }
}

/** The server's capabilities (from `server/discover`) do not offer what was asked (C-12). */
export class UnsupportedByServerError extends McpClientError {
  readonly capability: string;

  constructor(what: string, capability: string) {
    super(`${what} is not available: the server does not advertise the "${capability}" capability`);
    this.name = 'UnsupportedByServerError';
    this.capability = capability;
  }
}

/**
 * A subscription ended before the server acknowledged it, closed by the application
 * (`Subscription.close()`, `McpClient.close()`) or, gracefully, by the server: what
 * `Subscription.acknowledged` rejects with then. An aborted signal rejects it with
 * `RequestAbortedError` instead, and a failure with that failure.
 */
export class SubscriptionClosedError extends McpClientError {
  readonly closedBy: 'client' | 'server';

  constructor(closedBy: 'client' | 'server') {
    super(
      closedBy === 'client'
        ? 'The subscription was closed before the server acknowledged it'
        : 'The server ended the subscription before acknowledging it',
    );
    this.name = 'SubscriptionClosedError';
    this.closedBy = closedBy;
  }
}

/** Why a multi round-trip request could not be completed on this side. */
export type InputRequiredFailure =
  /** The server asked again more times than `maxInputRounds` allows (C-29). */
  | 'rounds-exceeded'
  /** The server asked for an input no registered handler can produce (S-56 broken by the server). */
  | 'unsupported-input'
  /** A handler produced an answer that does not fit what was asked. */
  | 'invalid-input-response';

/** A multi round-trip request the client could not fulfil; `key` names the input request. */
export class InputRequiredError extends McpClientError {
  readonly method: string;
  readonly reason: InputRequiredFailure;
  readonly key: string | undefined;

  constructor(method: string, reason: InputRequiredFailure, detail: string, key?: string) {
    super(`${method} needs input the client cannot give: ${detail}`);
    this.name = 'InputRequiredError';
    this.method = method;
    this.reason = reason;
    this.key = key;
  }
}

/** A tool whose definition was rejected (invalid `x-mcp-header`, H-23) cannot be called. */
export class InvalidToolError extends McpClientError {
  readonly tool: string;
  readonly reason: string;

  constructor(tool: string, reason: string) {
    super(`Tool ${JSON.stringify(tool)} was rejected: ${reason}`);
    this.name = 'InvalidToolError';
    this.tool = tool;
    this.reason = reason;
  }
}
