import {
  type ClientTransport,
  createInMemoryTransport,
  type Exchange,
  type ExchangeMessage,
  type JSONRPCRequest,
  type McpEndpoint,
} from '@mcpkit/protocol';

/**
 * A real `@mcpkit/server` (or any endpoint) with every request it received, as the wire carried
 * it, so tests can check what the client sent and that the server accepted it.
 */
export function recorded(endpoint: McpEndpoint): McpEndpoint & {
  requests: JSONRPCRequest[];
  calls(method: string): JSONRPCRequest[];
} {
  const requests: JSONRPCRequest[] = [];
  return {
    requests,
    calls: (method) => requests.filter((request) => request.method === method),
    handle(message, context) {
      if (typeof message === 'object' && message !== null && 'id' in message) {
        requests.push(message as JSONRPCRequest);
      }
      return endpoint.handle(message, context);
    },
  };
}

/**
 * An in-memory transport whose exchanges of `method` break: the first `breaks` of them reach the
 * endpoint, which runs them, but their streams end without the response, as a dropped connection
 * would (C-55).
 */
export function breakingTransport(endpoint: McpEndpoint, method: string, breaks = 1): ClientTransport {
  const inner = createInMemoryTransport(endpoint);
  let broken = 0;
  return {
    exchange(request, options): Exchange {
      if (request.method !== method || broken >= breaks) return inner.exchange(request, options);
      broken++;
      return (async function* () {
        for await (const message of inner.exchange(request, options)) {
          if ('id' in message) return;
          yield message;
        }
      })();
    },
    close: () => inner.close(),
  };
}

/**
 * An in-memory transport whose listen streams share one channel, as on stdio: every message of
 * one `subscriptions/listen` stream also appears on every other open one, so only the
 * `subscriptionId` tells them apart (C-41).
 */
export function sharedListenChannel(endpoint: McpEndpoint): ClientTransport {
  const inner = createInMemoryTransport(endpoint);
  const listens = new Set<(message: ExchangeMessage) => void>();
  return {
    exchange(request, options): Exchange {
      if (request.method !== 'subscriptions/listen') return inner.exchange(request, options);
      return (async function* () {
        const foreign: ExchangeMessage[] = [];
        let wake: (() => void) | undefined;
        const sink = (message: ExchangeMessage) => {
          foreign.push(message);
          wake?.();
        };
        listens.add(sink);
        const iterator = inner.exchange(request, options)[Symbol.asyncIterator]();
        let pending = iterator.next();
        try {
          for (;;) {
            while (foreign.length > 0) yield foreign.shift()!;
            const woken = new Promise<'woken'>((resolve) => {
              wake = () => resolve('woken');
            });
            const step = await Promise.race([pending, woken]);
            if (step === 'woken') continue;
            if (step.done) return;
            pending = iterator.next();
            for (const other of listens) if (other !== sink) other(step.value);
            yield step.value;
          }
        } finally {
          listens.delete(sink);
          await iterator.return?.();
        }
      })();
    },
    close: () => inner.close(),
  };
}
