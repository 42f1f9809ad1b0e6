// The minimal official client a browser app ships: connect over Streamable HTTP, call one tool.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const client = new Client(
  { name: 'app', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost:3000/mcp')));
console.log(await client.callTool({ name: 'echo', arguments: { text: 'hello' } }));
