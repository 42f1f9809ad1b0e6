// Run by client-without-zod.test.mjs in a directory where only @mcpkit/protocol, @mcpkit/client and
// both transports are installed (no zod): sessions with apps/everything-server in both eras and over
// both transports, an input_required round, and a malformed result. Prints what each gave as JSON.
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';

const [url, stdioServer] = process.argv.slice(2);
const clientInfo = { name: 'client-without-zod', version: '1.0.0' };
const handlers = { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } };

const texts = (result) => result.content.map((item) => item.text);

async function session(transport, options) {
  const client = new McpClient(transport, { clientInfo, handlers, ...options });
  try {
    await client.connect();
    return {
      version: client.protocolVersion,
      simple: texts(await client.callTool('test_simple_text', {})),
      asked: texts(await client.callTool('test_input_required_result_elicitation', {})),
    };
  } finally {
    await client.close();
  }
}

/** A transport answering with canned results: the call's result breaks CallToolResult. */
const malformedTransport = {
  exchange(request) {
    const results = {
      'server/discover': {
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        ttlMs: 0,
        cacheScope: 'private',
      },
      'tools/list': {
        tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
        ttlMs: 0,
        cacheScope: 'private',
      },
      'tools/call': { content: [{ type: 'text', text: 42 }] },
    };
    return (async function* () {
      yield { jsonrpc: '2.0', id: request.id, result: results[request.method] };
    })();
  },
  async close() {},
};

async function malformed() {
  const client = new McpClient(malformedTransport, { clientInfo });
  try {
    await client.callTool('echo', {});
    return { refused: false };
  } catch (error) {
    return { refused: true, name: error.name, message: error.message };
  } finally {
    await client.close();
  }
}

const out = {
  modern: await session(createHttpClientTransport(url), { era: 'modern' }),
  legacy: await session(createHttpClientTransport(url), { era: 'legacy' }),
  stdio: await session(createStdioClientTransport({ command: process.execPath, args: [stdioServer] }), {}),
  malformed: await malformed(),
};
console.log(JSON.stringify(out));
