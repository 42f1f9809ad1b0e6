import type { JSONRPCRequest } from '@mcpkit/protocol';

function reasonText(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error && reason.message !== '') return reason.message;
  return undefined;
}

/** The line of a `notifications/cancelled` for `requestId`, with the reason when it has words. */
export function cancelLine(requestId: JSONRPCRequest['id'], reason: unknown): string {
  const text = reasonText(reason);
  const params = text === undefined ? { requestId } : { requestId, reason: text };
  return `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params })}\n`;
}
