import type { RequestId } from '../schemas/json.js';
import type { JSONRPCNotification } from '../schemas/jsonrpc.js';

function reasonText(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error && reason.message !== '') return reason.message;
  return undefined;
}

/**
 * Hands a `notifications/cancelled` on to `write`, the transport's (`ExchangeOptions.sendCancel`): a
 * transport that writes a cancel for an exchange aborted after its request went out (stdio, a message
 * link, 2025 HTTP+SSE) gives it here instead of writing it, so the client's send hooks see it.
 * Streamable HTTP cancels by closing the stream and never calls it.
 *
 * @example
 * const sendCancel: CancelSender = (notification, write) => write(notification);
 */
export type CancelSender = (
  notification: JSONRPCNotification,
  write: (notification: JSONRPCNotification) => void,
) => void;

/** The `notifications/cancelled` for `requestId`, with the reason when it has words. */
function cancelNotification(requestId: RequestId, reason: unknown): JSONRPCNotification {
  const text = reasonText(reason);
  const params = text === undefined ? { requestId } : { requestId, reason: text };
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params };
}

/** Writes the `notifications/cancelled` for `requestId` with `write`, through `via` when the client gave one. */
export function writeCancel(
  via: CancelSender | undefined,
  requestId: RequestId,
  reason: unknown,
  write: (notification: JSONRPCNotification) => void,
): void {
  const notification = cancelNotification(requestId, reason);
  if (via === undefined) write(notification);
  else via(notification, write);
}
