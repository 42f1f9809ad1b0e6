// Official SDK v1 HTTP server, as its documentation deploys it: one `StreamableHTTPServerTransport` and one
// `McpServer` per session (ids from `randomUUID`), mounted on node:http, default (SSE) responses.
// Prints "listening <port>".
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';
import { exitWhenStdinCloses } from '../../lib/children.mjs';
import { echoTool } from '../../lib/mcp-wire.mjs';

const echoInput = { text: z.string() };
const echo = async ({ text }) => ({ content: [{ type: 'text', text }] });
const transports = new Map();

async function openSession(req, res) {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => transports.set(id, transport),
  });
  transport.onclose = () => transports.delete(transport.sessionId);
  const server = new McpServer({ name: 'official-v1-bench', version: '0.0.0' });
  server.registerTool('echo', { description: echoTool.description, inputSchema: echoInput }, echo);
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

const http = createServer((req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  const transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
  const serving = transport !== undefined ? transport.handleRequest(req, res) : openSession(req, res);
  serving.catch((error) => {
    if (!res.headersSent) res.writeHead(500).end(String(error));
  });
});
http.listen(0, '127.0.0.1', () => console.log(`listening ${http.address().port}`));
exitWhenStdinCloses();
