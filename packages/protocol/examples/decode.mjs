// Decodes a few MCP 2026-07-28 messages with @mcpkit/protocol and prints what a receiver sees.
import { decodeMessage, decodeResult, parseJson, requestHeaders } from '@mcpkit/protocol';

const lines = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Zürich"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
  '{"jsonrpc":"2.0","id":null,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Sunny"}]}}',
  '{"jsonrpc":"2.0","id":2,"result":{"resultType":"surprise"}}',
  'not json',
];

for (const line of lines) {
  const parsed = parseJson(line);
  if (!parsed.ok) {
    console.log(`✗ ${parsed.error.code} ${parsed.error.message}`);
    continue;
  }
  const decoded = decodeMessage(parsed.value);
  if (!decoded.ok) {
    console.log(`✗ ${decoded.error.code} ${decoded.error.message}`);
  } else if (decoded.kind === 'request') {
    console.log(`✓ request ${decoded.message.method}; HTTP headers:`, requestHeaders(decoded.message));
  } else if (decoded.kind === 'response') {
    const result = decodeResult('tools/call', decoded.message.result);
    console.log(
      result.ok ? `✓ result, resultType ${result.value.resultType}` : `✗ result: ${result.error.message}`,
    );
  }
}
