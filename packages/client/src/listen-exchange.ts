import type { JSONRPCNotification, JSONRPCRequest, RequestId, SubscriptionFilter } from '@mcpkit/protocol';
import type { CallResult, CallState } from './call.js';
import type { Next } from './call-chain.js';
import type { ListenCall, ListenSink } from './listen-call.js';
import type { ListenKit } from './listen-contract.js';
import type { Requester } from './requester.js';

// Part of the chunk of `listen-run.ts`, loaded with it: it imports nothing at run time (see `ListenKit`).

/**
 * The last step of a listen: one `subscriptions/listen` exchange with the current version. The
 * notifications tagged with its id go to the call's sink (C-41); it resolves with the final
 * response (the server ended the stream), and fails with what the server answered instead, or a
 * retryable `TransportError` when the stream broke or the server refused the version (C-10): the
 * subscription then opens again (C-42).
 */
export function listenExchange(requester: Requester, kit: ListenKit): Next {
  return async (call: CallState): Promise<CallResult> => {
    const version = requester.version;
    call.version = version;
    const built = requester.build('subscriptions/listen', call.params, version, call.options);
    return requester.sendThroughHooks(built, call, version, (request) =>
      readStream(requester, request, call, version, kit),
    );
  };
}

/**
 * Opens the stream of `request` and reads it: its notifications go to the call's sink; resolves
 * with the final response, or fails as `listenExchange` says.
 */
async function readStream(
  requester: Requester,
  request: JSONRPCRequest,
  call: CallState,
  version: string,
  kit: ListenKit,
): Promise<CallResult> {
  const { sink } = call as ListenCall;
  const id = request.id;
  sink.opened(id);
  const exchange = requester.transport.exchange(request, {
    signal: call.signal,
    sendCancel: requester.cancelModern,
  });
  for await (const message of kit.abortable(exchange, call.signal)) {
    const decoded = kit.decodeMessage(message);
    if (!decoded.ok || decoded.kind === 'request') continue;
    if (decoded.kind === 'notification') {
      const receive = requester.receiveModern;
      if (receive === undefined) deliver(sink, decoded.message, id, kit);
      else
        kit.hookedServerNotification(receive, decoded.message, call, version, (handed) =>
          deliver(sink, handed, id, kit),
        );
      continue;
    }
    if (decoded.message.id !== id && decoded.message.id !== undefined) continue;
    if (decoded.kind === 'response') return decoded.message.result as CallResult;
    const { error } = decoded.message;
    if (error.code !== kit.unsupportedProtocolVersion) {
      throw kit.peerError(decoded.message, request.method, {});
    }
    const noCommonVersion = requester.adoptVersionAfterRefusal(error.data, version);
    if (noCommonVersion) throw noCommonVersion;
    throw new kit.TransportError('connection-lost', 'the server refused the version');
  }
  throw new kit.TransportError('connection-lost', 'the listen stream ended without a response');
}

/** Hands one notification of the stream to `sink`, if it belongs to the listen `id`. */
function deliver(sink: ListenSink, notification: JSONRPCNotification, id: RequestId, kit: ListenKit): void {
  if (kit.subscriptionIdOf(notification) !== id) return;
  const params = notification.params ?? {};
  if (notification.method !== 'notifications/subscriptions/acknowledged') {
    sink.accept(notification, true);
  } else if (kit.isAcknowledgement(params)) {
    sink.acknowledge((params as { notifications: SubscriptionFilter }).notifications);
  }
}
