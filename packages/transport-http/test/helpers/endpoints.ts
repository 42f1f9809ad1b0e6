import {
  type EndpointExchange,
  type EndpointItem,
  type ExchangeMessage,
  type JSONRPCNotification,
  type JSONRPCResponse,
  LATEST_PROTOCOL_VERSION,
  type McpEndpoint,
  McpError,
  MetaKey,
  type RequestContext,
  type RequestId,
} from '@mcpkit/protocol';

/** What an endpoint saw of one call. */
export interface Seen {
  message: unknown;
  context: RequestContext;
}

/**
 * The endpoint item for what a script yields: a response becomes the final item, with the failure
 * reason its error code stands for; a final item or a notification passes as it is.
 */
function asItem(message: ExchangeMessage | EndpointItem): EndpointItem {
  if ('response' in message || 'method' in message) return message;
  const failure = 'error' in message ? McpError.fromResponse(message).reason : undefined;
  return { response: message, failure };
}

/** The script's items as an endpoint's exchange; ending it early ends the script at once. */
function asExchange(script: AsyncIterable<ExchangeMessage | EndpointItem>): EndpointExchange {
  return {
    [Symbol.asyncIterator]() {
      const inner = script[Symbol.asyncIterator]();
      return {
        next: () =>
          inner
            .next()
            .then(
              (read): IteratorResult<EndpointItem> =>
                read.done ? read : { done: false, value: asItem(read.value) },
            ),
        return: async (value?: unknown): Promise<IteratorResult<EndpointItem>> => {
          await inner.return?.(value);
          return { done: true, value };
        },
      };
    },
  };
}

/** An endpoint whose exchanges are written as a generator; it records what it was given. */
export function scripted(
  script: (
    message: Record<string, unknown>,
    context: RequestContext,
  ) => AsyncIterable<ExchangeMessage | EndpointItem>,
): McpEndpoint & { seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    handle(message, context) {
      seen.push({ message, context });
      return asExchange(script(message as Record<string, unknown>, context));
    },
  };
}

export function result(id: unknown, value: Record<string, unknown> = {}): JSONRPCResponse {
  return { jsonrpc: '2.0', id: id as RequestId, result: { resultType: 'complete', ...value } };
}

export function progress(progressToken: string | number, value: number): JSONRPCNotification {
  return { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: value } };
}

/** Answers every request with an empty result, and accepts notifications. */
export const echo = scripted(async function* (message) {
  if ('id' in message) yield result(message.id, { echoed: message.params ?? null });
});

/** A valid 2026-07-28 request. */
export function request(id: RequestId, method = 'tools/call', params: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0' as const,
    id,
    method,
    params: {
      ...params,
      _meta: { [MetaKey.protocolVersion]: LATEST_PROTOCOL_VERSION, [MetaKey.clientCapabilities]: {} },
    },
  };
}

/** A promise with its resolver, to hold an endpoint until the test lets it go. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/** An endpoint whose exchanges end without a message once `work` settles (or throws). */
export function silent(
  work: (message: Record<string, unknown>, context: RequestContext) => Promise<unknown>,
) {
  return scripted((message, context) => ({
    [Symbol.asyncIterator]: () => ({
      next: async (): Promise<IteratorResult<ExchangeMessage>> => {
        await work(message, context);
        return { done: true, value: undefined };
      },
    }),
  }));
}
