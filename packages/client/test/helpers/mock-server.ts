import {
  type ClientTransport,
  createInMemoryTransport,
  type EndpointExchange,
  type ExchangeMessage,
  type ExchangeOptions,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type McpEndpoint,
  McpError,
  type RequestContext,
  type ServerCapabilities,
} from '@mcpkit/protocol';

/** What a handler may return: a result object, an `McpError`, or the whole stream of messages. */
export type Reply = Record<string, unknown> | McpError | AsyncIterable<ExchangeMessage>;
export type Handler = (request: JSONRPCRequest, context: RequestContext) => Reply | Promise<Reply>;

export interface MockServer extends McpEndpoint {
  /** Every request received, as the wire carried it. */
  requests: JSONRPCRequest[];
  /** The requests of one method. */
  calls(method: string): JSONRPCRequest[];
  handlers: Record<string, Handler>;
}

export const VERSION = '2026-07-28';

export function discoverResult(capabilities: ServerCapabilities = {}, extra: Record<string, unknown> = {}) {
  return {
    resultType: 'complete',
    supportedVersions: [VERSION],
    capabilities,
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mock', version: '1.0.0' } },
    ...extra,
  };
}

function isIterable(value: unknown): value is AsyncIterable<ExchangeMessage> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * A hand-written endpoint: `server/discover` answers with `capabilities` unless overridden;
 * other methods go to `handlers`; an unknown method is `-32601`.
 */
export function mockServer(
  handlers: Record<string, Handler>,
  capabilities: ServerCapabilities = { tools: {} },
): MockServer {
  const requests: JSONRPCRequest[] = [];
  const all: Record<string, Handler> = { 'server/discover': () => discoverResult(capabilities), ...handlers };
  return {
    requests,
    handlers: all,
    calls: (method) => requests.filter((request) => request.method === method),
    async *handle(message, context): EndpointExchange {
      const request = message as JSONRPCRequest;
      if (!('id' in request)) return;
      requests.push(request);
      const handler = all[request.method];
      const reply = handler ? await handler(request, context) : McpError.methodNotFound(request.method);
      if (isIterable(reply)) {
        for await (const item of reply) yield 'method' in item ? item : { response: item };
      } else if (reply instanceof McpError) {
        yield { response: { jsonrpc: '2.0', id: request.id, error: reply.toJSON() }, failure: reply.reason };
      } else {
        yield {
          response: { jsonrpc: '2.0', id: request.id, result: reply as JSONRPCResultResponse['result'] },
        };
      }
    },
  };
}

export function progress(token: unknown, value: number, total?: number): JSONRPCNotification {
  return {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: token, progress: value, total },
  };
}

export function tagged(
  method: string,
  subscriptionId: unknown,
  params: Record<string, unknown> = {},
): JSONRPCNotification {
  return {
    jsonrpc: '2.0',
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': subscriptionId } },
  };
}

/** A transport over `endpoint` that records what the client passed to `exchange`. */
export function recordingTransport(endpoint: McpEndpoint): ClientTransport & {
  options: ExchangeOptions[];
  restart(): void;
} {
  const inner = createInMemoryTransport(endpoint);
  const options: ExchangeOptions[] = [];
  const listeners = new Set<() => void>();
  return {
    options,
    exchange(request, exchangeOptions) {
      options.push(exchangeOptions);
      return inner.exchange(request, exchangeOptions);
    },
    close: () => inner.close(),
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart() {
      for (const listener of listeners) listener();
    },
  };
}

/** Resolves after pending microtasks and one macrotask. */
export function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A hand-driven clock for the client's `now` option: starts at `start`, moves only by `advance`. */
export function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A promise with its resolver. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function meta(request: JSONRPCRequest): Record<string, unknown> {
  return (request.params as { _meta: Record<string, unknown> })._meta;
}

/** A complete, uncached `tools/list` result with no tools. */
export const emptyToolsList = { resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [] };
