// The floor's minimal client: one fetch POST of a 2026-07-28 tools/call, no SDK.
const response = await fetch('http://localhost:3000/mcp', {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'echo',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
      name: 'echo',
      arguments: { text: 'hello' },
    },
  }),
});
console.log((await response.json()).result);
