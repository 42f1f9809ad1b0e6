// The protocol README's opening: one line from a peer, parsed and decoded without a throw.
// #region decode
import { decodeMessage, decodeResult, parseJson, toErrorResponse } from '@mcpkit/protocol';

/** A `tools/call` result read from one line, or the JSON-RPC error to answer it with. */
export function readToolResult(line: string) {
  const parsed = parseJson(line); // -32700 on bad JSON or bad UTF-8
  if (!parsed.ok) return toErrorResponse(parsed.error, undefined);
  const decoded = decodeMessage(parsed.value); // -32600 with the reason, id when readable
  if (!decoded.ok) return toErrorResponse(decoded.error, decoded.id);
  if (decoded.kind !== 'response') return undefined;
  return decodeResult('tools/call', decoded.message.result); // resultType rules applied
}
// #endregion decode
