import type {
  ClientTransport,
  Exchange,
  ExchangeMessage,
  ExchangeOptions,
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyClientWire,
  ServerRequestHandler,
} from '@mcpkit/protocol';
import type { EventHub } from './events.js';

function headerObject(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.entries());
}

/**
 * A `fetch` that tells `hub` about each HTTP request and response: method, URL, status, headers
 * (`Mcp-*`, `MCP-Protocol-Version`, `Mcp-Session-Id`, ...) and how long the answer took to start.
 */
export function recordingFetch(hub: EventHub): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const started = performance.now();
    hub.emit('http', {
      direction: 'out',
      method: request.method,
      url: request.url,
      headers: headerObject(request.headers),
    });
    const response = await fetch(input, init);
    hub.emit('http', {
      direction: 'in',
      method: request.method,
      url: request.url,
      status: response.status,
      headers: headerObject(response.headers),
      ms: Math.round(performance.now() - started),
    });
    return response;
  };
}

/**
 * `exchange` with each message the server sends back told to `hub`, timed from the request and
 * naming it (`request`), so that a replay knows which request a notification belongs to.
 */
function recordedExchange(
  exchange: Exchange,
  hub: EventHub,
  request: JSONRPCRequest['id'],
  started: number,
): Exchange {
  return {
    [Symbol.asyncIterator]() {
      const inner = exchange[Symbol.asyncIterator]();
      return {
        async next() {
          const step = await inner.next();
          if (!step.done) {
            hub.emit('message', {
              direction: 'in',
              message: step.value as ExchangeMessage,
              request,
              ms: Math.round(performance.now() - started),
            });
          }
          return step;
        },
        // Ending early cancels the request at once, as the transport contract asks.
        return: (value?: unknown) => inner.return?.(value) ?? Promise.resolve({ done: true, value }),
      } as AsyncIterator<ExchangeMessage>;
    },
  };
}

/** `target` with the members in `overrides` replaced, and its own methods still bound to it. */
function overlay<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(inner, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value = Reflect.get(inner, key, inner) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(inner) : value;
    },
  });
}

/** The 2025-era wire with the server's own requests, the answers to them and its stream recorded. */
function recordLegacy(legacy: LegacyClientWire, hub: EventHub): LegacyClientWire {
  return overlay(legacy, {
    onServerRequest(handler: ServerRequestHandler) {
      return legacy.onServerRequest(async (request, context) => {
        const started = performance.now();
        hub.emit('message', { direction: 'in', message: request });
        const response = await handler(request, context);
        hub.emit('message', {
          direction: 'out',
          message: response,
          ms: Math.round(performance.now() - started),
        });
        return response;
      });
    },
    async *serverMessages(signal: AbortSignal) {
      for await (const message of legacy.serverMessages(signal)) {
        hub.emit('message', { direction: 'in', message });
        yield message;
      }
    },
  });
}

/**
 * `transport` with every JSON-RPC message in either direction told to `hub`: the client's
 * requests and notifications, what comes back for each (with the time since the request), and a
 * 2025-era server's own requests, the answers sent to them and its notifications outside any request.
 */
export function recordTransport(transport: ClientTransport, hub: EventHub): ClientTransport {
  const { notify, legacy } = transport;
  return overlay(transport, {
    exchange(request: JSONRPCRequest, options: ExchangeOptions) {
      hub.emit('message', { direction: 'out', message: request });
      return recordedExchange(transport.exchange(request, options), hub, request.id, performance.now());
    },
    ...(notify === undefined
      ? {}
      : {
          notify(notification: JSONRPCNotification) {
            hub.emit('message', { direction: 'out', message: notification });
            return notify.call(transport, notification);
          },
        }),
    ...(legacy === undefined ? {} : { legacy: recordLegacy(legacy, hub) }),
  });
}
