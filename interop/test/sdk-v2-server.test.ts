import { fileURLToPath } from 'node:url';
import { type ClientTransport, type EraOption, McpClient, McpError } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttpScript, textOf } from './support/everything-server.js';

// McpClient against a server made with the official SDK v2 (@modelcontextprotocol/server), which
// serves 2026-07-28 and 2025-11-25 from one factory: McpClient in its default mode (it probes with
// server/discover and stays in 2026-07-28) and as a 2025-11-25 client (era legacy), over stdio and
// over Streamable HTTP.

const fixture = fileURLToPath(new URL('./fixtures/sdk-v2-server.mjs', import.meta.url));

const cleanups: (() => unknown)[] = [];
let httpUrl: string;
beforeAll(async () => {
  httpUrl = await serveHttpScript([fixture, 'http'], cleanups);
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Route {
  transport: () => ClientTransport;
  era: EraOption;
  connected: 'modern' | 'legacy';
  /** Whether the server can ask this client a question (not over stateless 2025-era HTTP). */
  asks: boolean;
}

const stdio = () =>
  createStdioClientTransport({ command: process.execPath, args: [fixture, 'stdio'], stderr: 'ignore' });
const http = () => createHttpClientTransport(httpUrl);

const routes: [string, Route][] = [
  [
    'stdio, McpClient in its default mode',
    { transport: stdio, era: 'auto', connected: 'modern', asks: true },
  ],
  [
    'stdio, McpClient as a 2025-11-25 client',
    { transport: stdio, era: 'legacy', connected: 'legacy', asks: true },
  ],
  [
    'Streamable HTTP, McpClient in its default mode',
    { transport: http, era: 'auto', connected: 'modern', asks: true },
  ],
  // The SDK serves 2025-era HTTP statelessly (a server per request), where no question can be asked.
  [
    'Streamable HTTP, McpClient as a 2025-11-25 client',
    { transport: http, era: 'legacy', connected: 'legacy', asks: false },
  ],
];

describe.each(routes)('McpClient against the official SDK v2 server over %s', (_title, route) => {
  const questions: string[] = [];
  let client: McpClient;
  beforeAll(async () => {
    client = new McpClient(route.transport(), {
      era: route.era,
      clientInfo: { name: 'mcpkit-interop', version: '0.0.0' },
      handlers: {
        elicitation: {
          form: async ({ message }) => {
            questions.push(message);
            return { action: 'accept', content: { name: 'Ada' } };
          },
        },
      },
    });
    await client.connect();
  }, 30_000);
  afterAll(() => client?.close());

  it('connects in the expected era, lists the tools and calls one', async () => {
    expect(client.server?.era).toBe(route.connected);
    expect(client.server?.protocolVersion).toBe(route.connected === 'modern' ? '2026-07-28' : '2025-11-25');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'ask-name']);
    expect(textOf(await client.callTool('add', { a: 2, b: 3 }))).toBe('5');
  });

  it.runIf(route.asks)(
    'C-24 B-13: the question of ask-name reaches the form handler and the answer the result',
    async () => {
      questions.length = 0;
      expect(textOf(await client.callTool('ask-name', {}))).toBe('Hello, Ada!');
      expect(questions).toEqual(['Your name?']);
    },
  );

  it('reads a resource and gets a prompt', async () => {
    const read = await client.readResource('note://hello');
    expect(read.contents).toEqual([
      { uri: 'note://hello', mimeType: 'text/plain', text: 'hello from SDK v2' },
    ]);
    const prompt = await client.getPrompt('greet', { who: 'Ada' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hello to Ada' } }]);
  });

  it('an unknown tool is a JSON-RPC error; arguments that break the schema are a tool error', async () => {
    await expect(client.callTool('no_such_tool', {})).rejects.toBeInstanceOf(McpError);
    const invalid = await client.callTool('add', { a: 'two', b: 3 });
    expect(invalid.isError).toBe(true);
  });
});
