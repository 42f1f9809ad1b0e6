// The floor's whole "server": a switch on the method around the echo tool. No validation, no SDK.
import { toolCatalog } from '../../lib/mcp-wire.mjs';

/** Returns a function from a parsed request to its response object. */
export function createAnswer(toolCount) {
  const tools = toolCatalog(toolCount);
  return (request) => {
    switch (request.method) {
      case 'tools/call':
        return {
          jsonrpc: '2.0',
          id: request.id,
          result: { content: [{ type: 'text', text: request.params.arguments.text }] },
        };
      case 'tools/list':
        return { jsonrpc: '2.0', id: request.id, result: { tools } };
      default:
        return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
    }
  };
}
