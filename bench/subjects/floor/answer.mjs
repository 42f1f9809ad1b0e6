// The floor's whole "server": a switch on the method around the echo tool. No validation, no SDK. The tool
// list is serialized once and reused, as mcpkit's server does, so tools/list costs both the same work.
// Every result has `resultType`, which 2026-07-28 requires of every server (the schema's `Result`), and
// the server's name and version in `_meta`, which it asks of every result; made once, as mcpkit does, with
// the bench server's name so that both send the same bytes.
import { toolCatalog } from '../../lib/mcp-wire.mjs';

/** Returns a function from a parsed request to its response's JSON text. */
export function createAnswer(toolCount) {
  const toolsJson = JSON.stringify(toolCatalog(toolCount));
  const metaJson = JSON.stringify({
    'io.modelcontextprotocol/serverInfo': { name: 'mcpkit-bench', version: '0.0.0' },
  });
  return (request) => {
    switch (request.method) {
      case 'tools/call':
        return `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"resultType":"complete","content":${JSON.stringify([{ type: 'text', text: request.params.arguments.text }])},"_meta":${metaJson}}}`;
      case 'tools/list':
        return `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"resultType":"complete","tools":${toolsJson},"_meta":${metaJson}}}`;
      default:
        return JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32601, message: 'Method not found' },
        });
    }
  };
}
