import {
  type ClientTransport,
  type Exchange,
  type ExchangeMessage,
  type ExchangeOptions,
  type JSONRPCNotification,
  type JSONRPCRequest,
  McpError,
  requestHeaders,
  TransportError,
} from '@mcpkit/protocol';
import { type AuthorizedSend, isUnauthorized, retryUnauthorized } from './auth-retry.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type ResponseLimits } from './bounded-body.js';
import type { LegacyWireFactory } from './legacy-wire.js';
import { readExchange, type StreamPosition } from './read-exchange.js';
import { sendFollowingRedirects } from './redirects.js';
import { headerMerger } from './request-headers.js';
import type { HttpReply, HttpRequestSpec, HttpSender } from './sender.js';
import type { HttpClientTransportOptions } from './transport-options.js';

function limitOption(value: number | undefined, name: string): number {
  if (value === undefined) return DEFAULT_MAX_MESSAGE_BYTES;
  if (!(value > 0)) throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

/** Whether an exchange has read its final message: nothing is left to cancel. */
interface ExchangeState {
  answered: boolean;
}

/**
 * `createHttpClientTransport` sending through `sender`; with `legacyWire` it also speaks the
 * 2025-era wire (see `HttpLegacyWire`), without it 2026-07-28 only.
 */
export function openHttpClientTransport(
  url: string | URL,
  options: HttpClientTransportOptions,
  sender: HttpSender,
  legacyWire: LegacyWireFactory | undefined,
): ClientTransport {
  const endpoint = String(url);
  const inFlight = new Set<AbortController>();
  const limits: ResponseLimits = {
    maxResponseBytes: limitOption(options.maxResponseBytes, 'maxResponseBytes'),
    maxEventBytes: limitOption(options.maxEventBytes, 'maxEventBytes'),
  };
  const redirectPolicy = options.redirect ?? 'same-origin';
  const lifetime = new AbortController();
  let closed = false;
  const mergeHeaders = headerMerger(options, endpoint);
  const authorizedSend: AuthorizedSend = async (target, extra, request) => {
    const send = async () => {
      const headers = await mergeHeaders(extra, false, request.method, target);
      return sendFollowingRedirects(sender, target, { ...request, headers }, redirectPolicy);
    };
    const response = await send();
    if (!isUnauthorized(response)) return response;
    return retryUnauthorized(options.authProvider, response, { method: request.method, url: target }, send);
  };
  const legacy = legacyWire?.({
    send: authorizedSend,
    endpoint,
    lifetime: lifetime.signal,
    maxEventBytes: limits.maxEventBytes,
    closed: () => closed,
  });
  const session = legacy?.session;

  function buildHeaders(mirror: Record<string, string>) {
    session?.addHeaders(mirror);
    return mergeHeaders(mirror, true, 'POST');
  }

  async function post(
    message: JSONRPCRequest | JSONRPCNotification,
    mirror: Record<string, string>,
    signal: AbortSignal,
  ): Promise<HttpReply> {
    const body = JSON.stringify(message);
    const initialize = message.method === 'initialize';
    if (initialize) session?.initializing();
    const sentSessionId = session?.sessionId;
    const send = async () => {
      const request: HttpRequestSpec = { method: 'POST', headers: await buildHeaders(mirror), body, signal };
      return sendFollowingRedirects(sender, endpoint, request, redirectPolicy);
    };
    let response = await send();
    if (isUnauthorized(response)) {
      response = await retryUnauthorized(
        options.authProvider,
        response,
        { method: 'POST', url: endpoint },
        send,
      );
    }
    if (initialize && response.ok) session?.initialized(response);
    const expired = session?.expired(response, sentSessionId);
    if (expired) throw expired;
    return response;
  }

  /** Why an exchange failed, as the caller should see it. */
  function failure(error: unknown, callerSignal: AbortSignal | undefined): unknown {
    if (callerSignal?.aborted) return callerSignal.reason;
    if (closed) return new TransportError('closed', 'The HTTP transport was closed');
    if (error instanceof TransportError || error instanceof McpError) return error;
    return new TransportError('connection-lost', 'The HTTP request failed before the response (C-55)', {
      cause: error,
    });
  }

  async function* run(
    message: JSONRPCRequest | JSONRPCNotification,
    mirror: Record<string, string>,
    callerSignal: AbortSignal | undefined,
    controller: AbortController,
    state: ExchangeState,
  ): AsyncGenerator<ExchangeMessage> {
    if (closed) throw new TransportError('closed', 'The HTTP transport was closed');
    callerSignal?.throwIfAborted();
    inFlight.add(controller);
    const signal = callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal;
    const request = 'id' in message ? message : undefined;
    const onRequest = session
      ? (serverRequest: JSONRPCRequest) => session.answer(serverRequest, request)
      : undefined;
    const position: StreamPosition | undefined = session?.active
      ? { lastEventId: '', retryMs: undefined }
      : undefined;
    try {
      const response = await post(message, mirror, signal);
      try {
        for await (const item of readExchange(response, limits, onRequest, position)) {
          if (!('method' in item)) state.answered = true;
          yield item;
        }
      } catch (error) {
        const resumable =
          error instanceof TransportError && error.reason === 'connection-lost' && request !== undefined;
        if (!resumable || position === undefined || position.lastEventId === '') throw error;
        for await (const item of session!.resume(request, position, signal)) {
          if (!('method' in item)) state.answered = true;
          yield item;
        }
      }
    } catch (error) {
      throw failure(error, callerSignal);
    } finally {
      inFlight.delete(controller);
      // Releases the connection when the caller stopped before the response. After it there is
      // nothing to release, and an abort would only cost a DOMException and undici's clean-up.
      if (!state.answered) controller.abort();
    }
  }

  /** One exchange; `return()` closes the stream at once, wherever the generator is waiting. */
  function open(
    message: JSONRPCRequest,
    mirror: Record<string, string>,
    callerSignal: AbortSignal | undefined,
  ): AsyncIterator<ExchangeMessage> {
    const controller = new AbortController();
    const state: ExchangeState = { answered: false };
    const generator = run(message, mirror, callerSignal, controller, state);
    return {
      next: () => generator.next(),
      return: () => {
        if (!state.answered) controller.abort();
        return generator.return(undefined);
      },
    };
  }

  const transport: ClientTransport = {
    peer: endpoint,

    exchange(request: JSONRPCRequest, exchangeOptions: ExchangeOptions): Exchange {
      const sse = legacy?.sse;
      if (sse) return sse.exchange(request, exchangeOptions);
      return {
        [Symbol.asyncIterator]: () =>
          open(request, requestHeaders(request, exchangeOptions.paramHeaders), exchangeOptions.signal),
      };
    },

    async notify(notification: JSONRPCNotification): Promise<void> {
      if (closed) throw new TransportError('closed', 'The HTTP transport was closed');
      const sse = legacy?.sse;
      if (sse) return sse.notify(notification);
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        const response = await post(notification, requestHeaders(notification), controller.signal);
        if (response.status === 202 || response.status === 200 || response.status === 204) {
          await response.body?.cancel();
          return;
        }
        for await (const message of readExchange(response, limits)) {
          if ('error' in message) throw McpError.fromResponse(message);
        }
        throw new TransportError('bad-response', `HTTP ${response.status}`, { status: response.status });
      } catch (error) {
        throw failure(error, undefined);
      } finally {
        inFlight.delete(controller);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const controller of inFlight)
        controller.abort(new TransportError('closed', 'The HTTP transport was closed'));
      inFlight.clear();
      lifetime.abort(new TransportError('closed', 'The HTTP transport was closed'));
      await legacy?.close();
      sender.close();
    },
  };
  legacy?.extend(transport);
  return transport;
}
