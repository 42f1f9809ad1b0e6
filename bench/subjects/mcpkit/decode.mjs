// mcpkit decoding (@mcpkit/protocol): parse, envelope, per-request _meta, then params or result validation.
import { decodeMessage, decodeParams, decodeResult, parseJson, readRequestMeta } from '@mcpkit/protocol';

export function decodeRequest(text) {
  const parsed = parseJson(text);
  const decoded = decodeMessage(parsed.value);
  if (!decoded.ok || decoded.kind !== 'request') throw new Error('not a request');
  if (readRequestMeta(decoded.message.params) instanceof Error) throw new Error('bad _meta');
  if (!decodeParams(decoded.message.method, decoded.message.params).ok) throw new Error('bad params');
}

export function decodeToolsListResponse(text) {
  const decoded = decodeMessage(parseJson(text).value);
  if (!decoded.ok || decoded.kind !== 'response') throw new Error('not a response');
  if (!decodeResult('tools/list', decoded.message.result).ok) throw new Error('bad result');
}
