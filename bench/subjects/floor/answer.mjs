// The floor's whole "server": a switch on the method around the echo tool. No validation, no SDK. The tool
// list is serialized once and reused, as mcpkit's server does, so tools/list costs both the same work.
// Every result has `resultType`, which 2026-07-28 requires of every server (the schema's `Result`).
import { toolCatalog } from '../../lib/mcp-wire.mjs';

/** Returns a function from a parsed request to its response's JSON text. */
export function createAnswer(toolCount) {
  const toolsJson = JSON.stringify(toolCatalog(toolCount));
  return (request) => {
    switch (request.method) {
      case 'tools/call':
        return JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          result: { resultType: 'complete', content: [{ type: 'text', text: request.params.arguments.text }] },
        });
      case 'tools/list':
        return `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"resultType":"complete","tools":${toolsJson}}}`;
      default:
        return JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32601, message: 'Method not found' },
        });
    }
  };
}
