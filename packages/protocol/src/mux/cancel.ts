import type { RequestId } from '../schemas/json.js';
import type { JSONRPCNotification } from '../schemas/jsonrpc.js';

function reasonText(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error && reason.message !== '') return reason.message;
  return undefined;
}

/** The `notifications/cancelled` for `requestId`, with the reason when it has words. */
export function cancelNotification(requestId: RequestId, reason: unknown): JSONRPCNotification {
  const text = reasonText(reason);
  const params = text === undefined ? { requestId } : { requestId, reason: text };
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params };
}
