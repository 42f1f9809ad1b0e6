import type { ExchangeMessage, JSONRPCRequest, ServerCapabilities } from '@mcpkit/protocol';
import { type ClientWarning, McpClient } from '../../src/index.js';
import { mockServer, recordingTransport, tagged, tick } from './mock-server.js';

export const allCaps: ServerCapabilities = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
};
export const filterOf = (request: JSONRPCRequest) =>
  (request.params as { notifications: Record<string, unknown> }).notifications;

/** A listen stream the test drives: `push` a message, `end()` it. */
export function controllable() {
  const streams: Array<{
    request: JSONRPCRequest;
    aborted: () => boolean;
    push: (m: ExchangeMessage) => void;
    end: () => void;
    fail: (e: Error) => void;
  }> = [];
  const handler = (request: JSONRPCRequest, context: { signal: AbortSignal }) => {
    const queue: ExchangeMessage[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    let failure: Error | undefined;
    const stream = {
      request,
      aborted: () => context.signal.aborted,
      push(message: ExchangeMessage) {
        queue.push(message);
        wake?.();
      },
      end() {
        ended = true;
        wake?.();
      },
      fail(error: Error) {
        failure = error;
        wake?.();
      },
    };
    streams.push(stream);
    return (async function* () {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (failure) throw failure;
        if (ended || context.signal.aborted) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
          context.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
    })();
  };
  return { streams, handler };
}

export const ack = (request: JSONRPCRequest, notifications = filterOf(request)) =>
  tagged('notifications/subscriptions/acknowledged', request.id, { notifications });

export async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await tick();
  if (!condition()) throw new Error('condition not reached');
}

export function setup(caps = allCaps, onWarning: (w: ClientWarning) => void = () => {}) {
  const listen = controllable();
  const server = mockServer({ 'subscriptions/listen': listen.handler }, caps);
  const transport = recordingTransport(server);
  const client = new McpClient(transport, { onWarning, reopenDelayMs: () => 0 });
  return { listen, server, client, transport };
}

export function closeResult(id: unknown) {
  return { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': id } } as never;
}
