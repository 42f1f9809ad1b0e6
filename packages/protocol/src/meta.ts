import { McpError } from './errors.js';
import { isRecord } from './is-record.js';
import type { ClientCapabilities } from './schemas/capabilities.js';
import type { Implementation, LoggingLevel } from './schemas/common.js';
import type { ProgressToken, RequestId } from './schemas/json.js';
import { isClientCapabilities, isImplementation, isLoggingLevel } from './shape-checks.js';

/** The `_meta` keys MCP reserves (P-33). */
export const MetaKey = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  progressToken: 'progressToken',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  baggage: 'baggage',
} as const;

// A label is `[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?`, a name `(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?`.
// Written out as literals, which a bundler drops from an app that never checks a key (a
// `new RegExp` built from parts it keeps).
const META_KEY =
  /^(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
const PREFIXED_KEY =
  /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

/** Whether `key` follows the `_meta` key grammar: optional `label(.label)*\/` prefix, then a name (P-28, P-31). */
export function isValidMetaKey(key: string): boolean {
  return META_KEY.test(key);
}

/** Whether `id` is a valid extension identifier: a `_meta` key with a mandatory prefix (P-51, X-1). */
export function isValidExtensionId(id: string): boolean {
  return PREFIXED_KEY.test(id);
}

/**
 * Whether `key` has a prefix reserved for MCP: one whose second label is `modelcontextprotocol`
 * or `mcp` (`io.modelcontextprotocol/`, `dev.mcp/`; not `com.example.mcp/`) (P-30).
 */
export function isReservedMetaKey(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash < 0) return false;
  const second = key.slice(0, slash).split('.')[1]?.toLowerCase();
  return second === 'modelcontextprotocol' || second === 'mcp';
}

// The values of `MetaKey`, written out: a set of literals is dropped by a bundler from an app that
// never checks a key (one of `Object.values(MetaKey)` is made at load in every bundle). A key
// missing here only takes the slower path: every one of them follows the grammar.
const WELL_FORMED: ReadonlySet<string> = new Set([
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/logLevel',
  'io.modelcontextprotocol/subscriptionId',
  'io.modelcontextprotocol/serverInfo',
  'progressToken',
  'traceparent',
  'tracestate',
  'baggage',
]);

/** The keys of `meta` that break the grammar, for an error message. */
export function invalidMetaKeys(meta: Record<string, unknown>): string[] {
  const invalid: string[] = [];
  for (const key in meta) if (!WELL_FORMED.has(key) && !isValidMetaKey(key)) invalid.push(key);
  return invalid;
}

/** The first key of `meta` that breaks the grammar: what every request checks, with no array. */
function firstInvalidMetaKey(meta: Record<string, unknown>): string | undefined {
  for (const key in meta) {
    // The keys nearly every request carries, compared before the set: each lookup costs more.
    if (key === MetaKey.protocolVersion || key === MetaKey.clientCapabilities || key === MetaKey.clientInfo)
      continue;
    if (!WELL_FORMED.has(key) && !isValidMetaKey(key)) return key;
  }
  return undefined;
}

/** The per-request fields a client sends in `params._meta` (P-34, C-1..C-8). */
export interface RequestMetaFields {
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo?: Implementation;
  logLevel?: LoggingLevel;
  progressToken?: ProgressToken;
}

/**
 * A request `_meta` object holding `fields`, plus `extra` keys (trace context, extensions).
 *
 * @example
 * ```ts
 * const _meta = requestMeta({ protocolVersion: LATEST_PROTOCOL_VERSION, clientCapabilities: {} });
 * ```
 */
export function requestMeta(
  fields: RequestMetaFields,
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    ...extra,
    [MetaKey.protocolVersion]: fields.protocolVersion,
    [MetaKey.clientCapabilities]: fields.clientCapabilities,
  };
  if (fields.clientInfo !== undefined) meta[MetaKey.clientInfo] = fields.clientInfo;
  if (fields.logLevel !== undefined) meta[MetaKey.logLevel] = fields.logLevel;
  if (fields.progressToken !== undefined) meta[MetaKey.progressToken] = fields.progressToken;
  return meta;
}

/**
 * Reads and checks the per-request fields of a request's `params`. A missing or malformed
 * `protocolVersion` or `clientCapabilities`, or a key that breaks the grammar, is `-32602` with
 * HTTP 400 (S-1, P-35); an unknown `logLevel` is `-32602` too (S-71).
 */
export function readRequestMeta(params: unknown): RequestMetaFields | McpError {
  const record = (params as { _meta?: unknown } | undefined)?._meta;
  if (!isRecord(record)) {
    return McpError.invalidRequestMeta('Missing params._meta with the per-request fields');
  }
  const protocolVersion = record[MetaKey.protocolVersion];
  if (typeof protocolVersion !== 'string') {
    return McpError.invalidRequestMeta(`Missing or invalid _meta["${MetaKey.protocolVersion}"]`);
  }
  const clientCapabilities = record[MetaKey.clientCapabilities];
  if (!isClientCapabilities(clientCapabilities)) {
    return McpError.invalidRequestMeta(`Missing or invalid _meta["${MetaKey.clientCapabilities}"]`);
  }
  const badKey = firstInvalidMetaKey(record);
  if (badKey !== undefined) {
    return McpError.invalidRequestMeta(`Invalid _meta key: ${JSON.stringify(badKey)}`);
  }
  const clientInfo = record[MetaKey.clientInfo];
  if (clientInfo !== undefined && !isImplementation(clientInfo)) {
    return McpError.invalidParams(`Invalid _meta["${MetaKey.clientInfo}"]`);
  }
  // clientInfo, which most requests carry, in the literal: an object literal has room for its own
  // keys only, and a key added afterwards allocates a property array for it.
  const capabilities = clientCapabilities as ClientCapabilities;
  const fields: RequestMetaFields =
    clientInfo === undefined
      ? { protocolVersion, clientCapabilities: capabilities }
      : { protocolVersion, clientCapabilities: capabilities, clientInfo: clientInfo as Implementation };
  const logLevel = record[MetaKey.logLevel];
  if (logLevel !== undefined) {
    if (!isLoggingLevel(logLevel))
      return McpError.invalidParams(`Unknown log level: ${JSON.stringify(logLevel)}`);
    fields.logLevel = logLevel as LoggingLevel;
  }
  const progressToken = record[MetaKey.progressToken];
  if (progressToken !== undefined) {
    if (!(typeof progressToken === 'string' || Number.isSafeInteger(progressToken))) {
      return McpError.invalidParams('Invalid _meta.progressToken: a string or an integer');
    }
    fields.progressToken = progressToken as ProgressToken;
  }
  return fields;
}

/** The subscription a notification was delivered on, if it carries one (P-39). */
export function subscriptionIdOf(notification: { params?: { _meta?: unknown } }): RequestId | undefined {
  const meta = notification.params?._meta as Record<string, unknown> | undefined;
  const id = meta?.[MetaKey.subscriptionId];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** W3C trace context carried in `_meta` (P-40). */
export interface TraceContext {
  traceparent?: string;
  tracestate?: string;
  baggage?: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const TRACESTATE_MEMBER =
  /^(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
const BAGGAGE_MEMBER =
  /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+\s*=\s*[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*\s*(?:;.*)?$/;

/** Whether `value` is a W3C `traceparent` (version `ff` and all-zero ids are invalid). */
export function isValidTraceparent(value: string): boolean {
  const match = TRACEPARENT.exec(value);
  if (!match) return false;
  const [, version, traceId, parentId, , rest] = match;
  if (version === 'ff') return false;
  if (version === '00' && rest !== undefined) return false;
  return !/^0+$/.test(traceId!) && !/^0+$/.test(parentId!);
}

/** Whether `value` is a W3C `tracestate` list (at most 32 members). */
export function isValidTracestate(value: string): boolean {
  const members = value.split(',').map((member) => member.trim());
  const nonEmpty = members.filter((member) => member.length > 0);
  return (
    nonEmpty.length > 0 && nonEmpty.length <= 32 && nonEmpty.every((member) => TRACESTATE_MEMBER.test(member))
  );
}

/** Whether `value` is a W3C `baggage` list (at most 8192 bytes). */
export function isValidBaggage(value: string): boolean {
  if (value.length === 0 || new TextEncoder().encode(value).length > 8192) return false;
  return value.split(',').every((member) => BAGGAGE_MEMBER.test(member.trim()));
}

/**
 * The trace context of a `_meta` object, keeping only well-formed values: a receiver ignores a
 * malformed `traceparent` rather than failing the request.
 */
export function readTraceContext(meta: Record<string, unknown> | undefined): TraceContext {
  const context: TraceContext = {};
  const { traceparent, tracestate, baggage } = (meta ?? {}) as Record<string, unknown>;
  if (typeof traceparent === 'string' && isValidTraceparent(traceparent)) {
    context.traceparent = traceparent;
    if (typeof tracestate === 'string' && isValidTracestate(tracestate)) context.tracestate = tracestate;
  }
  if (typeof baggage === 'string' && isValidBaggage(baggage)) context.baggage = baggage;
  return context;
}
