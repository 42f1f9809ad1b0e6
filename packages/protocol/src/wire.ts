import type * as z from 'zod/v4/mini';
import { type Decoded, decodeMessage } from './decode.js';
import { decodeWith } from './decode-with.js';
import { McpError } from './errors.js';
import { isRecord } from './is-record.js';
import type { Method } from './methods.js';
import { applyResultDefaults, type ResultDecodeOptions } from './read-result.js';
import { decodeInputRequiredResult, decodeResult } from './results.js';
import { ResultSchema } from './schemas/base.js';
import { type WireTypeName, wireSchemas } from './schemas/registry.js';
import { ServerResultSchema } from './schemas/unions.js';

type Json = Record<string, unknown>;

/** The complete result type of each method, by its `schema.json` name. */
const completeResultOf: Partial<Record<WireTypeName, Method>> = {
  DiscoverResult: 'server/discover',
  ListToolsResult: 'tools/list',
  CallToolResult: 'tools/call',
  ListPromptsResult: 'prompts/list',
  GetPromptResult: 'prompts/get',
  ListResourcesResult: 'resources/list',
  ListResourceTemplatesResult: 'resources/templates/list',
  ReadResourceResult: 'resources/read',
  CompleteResult: 'completion/complete',
  SubscriptionsListenResult: 'subscriptions/listen',
};

/** The success response type of each method, by its `schema.json` name. */
const responseOf: Partial<Record<WireTypeName, Method>> = {
  DiscoverResultResponse: 'server/discover',
  ListToolsResultResponse: 'tools/list',
  CallToolResultResponse: 'tools/call',
  ListPromptsResultResponse: 'prompts/list',
  GetPromptResultResponse: 'prompts/get',
  ListResourcesResultResponse: 'resources/list',
  ListResourceTemplatesResultResponse: 'resources/templates/list',
  ReadResourceResultResponse: 'resources/read',
  CompleteResultResponse: 'completion/complete',
  SubscriptionsListenResultResponse: 'subscriptions/listen',
};

/** Result types not tied to one method: read with the generic rules. */
const genericResults = new Set<WireTypeName>([
  'Result',
  'EmptyResult',
  'ClientResult',
  'PaginatedResult',
  'CacheableResult',
  'ServerResult',
]);

function fail(message: string, rule?: string): { ok: false; error: McpError; rule?: string } {
  return rule === undefined
    ? { ok: false, error: McpError.invalidParams(message) }
    : { ok: false, error: McpError.invalidParams(`${message} (${rule})`), rule };
}

/**
 * Reads a result of unknown method: `resultType` defaults to `complete` (P-17); `complete` is
 * checked against `schema`, `input_required` against its own rules, anything else is invalid (P-16).
 */
function decodeAnyResult(
  value: unknown,
  schema: z.ZodMiniType,
  cacheable: boolean,
  options: ResultDecodeOptions,
) {
  if (!isRecord(value)) return fail('a result must be an object');
  const normalized = applyResultDefaults(value, cacheable);
  const { resultType } = normalized;
  if (resultType === 'input_required') return decodeInputRequiredResult(normalized);
  if (
    resultType !== 'complete' &&
    typeof resultType === 'string' &&
    !options.extensionResultTypes?.includes(resultType)
  ) {
    return fail(`unknown resultType ${JSON.stringify(resultType)}`, 'P-16');
  }
  return decodeWith(schema, normalized, 'result');
}

function withResult(response: Json, decoded: Decoded<unknown>): Decoded<unknown> {
  if (!decoded.ok) return decoded;
  return {
    ok: true,
    value: decoded.value === response.result ? response : { ...response, result: decoded.value },
  };
}

/**
 * Decodes `value` as the type `name` of the spec's `schema.json`, the way a receiver must: envelope
 * rules for JSON-RPC messages, and for results the defaults and `resultType` discrimination of
 * `decodeResult`. The decoded value is `value` itself unless a default was filled in.
 *
 * @example
 * ```ts
 * const decoded = decodeAs('ListToolsResultResponse', JSON.parse(body));
 * ```
 */
export function decodeAs<N extends WireTypeName>(
  name: N,
  value: unknown,
  options: ResultDecodeOptions = {},
): Decoded<z.infer<(typeof wireSchemas)[N]>> {
  return decodeWire(name, value, options) as Decoded<z.infer<(typeof wireSchemas)[N]>>;
}

function decodeWire(name: WireTypeName, value: unknown, options: ResultDecodeOptions): Decoded<unknown> {
  const method = completeResultOf[name];
  if (method) {
    const decoded = decodeResult(method, value, options);
    if (decoded.ok && decoded.value.resultType !== 'complete') {
      return fail(`a ${name} has resultType "complete"`, 'P-18');
    }
    return decoded;
  }
  if (name === 'InputRequiredResult') {
    if (!isRecord(value)) return fail('a result must be an object');
    return decodeInputRequiredResult(applyResultDefaults(value, false));
  }
  if (genericResults.has(name)) {
    const schema = name === 'ServerResult' ? ServerResultSchema : wireSchemas[name];
    return decodeAnyResult(value, schema, name === 'CacheableResult', options);
  }
  const responseMethod = responseOf[name];
  if (responseMethod) {
    const envelope = decodeMessage(value);
    if (!envelope.ok) return { ok: false, error: McpError.invalidParams(envelope.error.message) };
    if (envelope.kind !== 'response') return fail(`a ${name} is a success response`);
    return withResult(envelope.message, decodeResult(responseMethod, envelope.message.result, options));
  }
  if (name === 'JSONRPCMessage' || name === 'JSONRPCResponse' || name === 'JSONRPCResultResponse') {
    return decodeGenericMessage(name, value, options);
  }
  if (name === 'JSONRPCRequest' || name === 'JSONRPCNotification' || name === 'JSONRPCErrorResponse') {
    const envelope = decodeMessage(value);
    const kind = {
      JSONRPCRequest: 'request',
      JSONRPCNotification: 'notification',
      JSONRPCErrorResponse: 'error',
    }[name];
    if (!envelope.ok) return { ok: false, error: McpError.invalidParams(envelope.error.message) };
    if (envelope.kind !== kind) return fail(`not a ${name}`);
    return { ok: true, value };
  }
  return decodeWith(wireSchemas[name], value, name);
}

function decodeGenericMessage(
  name: WireTypeName,
  value: unknown,
  options: ResultDecodeOptions,
): Decoded<unknown> {
  const envelope = decodeMessage(value);
  if (!envelope.ok) return { ok: false, error: McpError.invalidParams(envelope.error.message) };
  if (envelope.kind === 'response') {
    return withResult(
      envelope.message,
      decodeAnyResult(envelope.message.result, ResultSchema, false, options),
    );
  }
  if (envelope.kind === 'error') {
    return name === 'JSONRPCResultResponse' ? fail(`not a ${name}`) : { ok: true, value };
  }
  return name === 'JSONRPCMessage' ? { ok: true, value } : fail(`not a ${name}`);
}
