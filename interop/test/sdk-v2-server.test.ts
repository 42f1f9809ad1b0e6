import { fileURLToPath } from 'node:url';
import {
  type ClientTransport,
  type EraOption,
  McpClient,
  McpError,
  ServerStreamRefusedError,
} from '@mcpkit/client';
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
  /**
   * Whether the server can ask this client a question and announce changes: not over 2025-era
   * HTTP, which the SDK serves statelessly (a server per request, no GET stream).
   */
  stateful: boolean;
}

const stdio = () =>
  createStdioClientTransport({ command: process.execPath, args: [fixture, 'stdio'], stderr: 'ignore' });
const http = () => createHttpClientTransport(httpUrl);

const routes: [string, Route][] = [
  [
    'stdio, McpClient in its default mode',
    { transport: stdio, era: 'auto', connected: 'modern', stateful: true },
  ],
  [
    'stdio, McpClient as a 2025-11-25 client',
    { transport: stdio, era: 'legacy', connected: 'legacy', stateful: true },
  ],
  [
    'Streamable HTTP, McpClient in its default mode',
    { transport: http, era: 'auto', connected: 'modern', stateful: true },
  ],
  [
    'Streamable HTTP, McpClient as a 2025-11-25 client',
    { transport: http, era: 'legacy', connected: 'legacy', stateful: false },
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
    expect(tools.map((tool) => tool.name)).toEqual(['touch-tools', 'add', 'ask-name']);
    expect(textOf(await client.callTool('add', { a: 2, b: 3 }))).toBe('5');
  });

  it.runIf(route.stateful)(
    'C-24 B-13: the question of ask-name reaches the form handler and the answer the result',
    async () => {
      questions.length = 0;
      expect(textOf(await client.callTool('ask-name', {}))).toBe('Hello, Ada!');
      expect(questions).toEqual(['Your name?']);
    },
  );

  it.runIf(route.stateful)(
    'C-39 C-40: a listen for tool list changes hears the change the server announces',
    async () => {
      const subscription = client.listen({ toolsListChanged: true });
      expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
      const next = subscription.next();
      await client.callTool('touch-tools', {});
      expect((await next).value).toMatchObject({ method: 'notifications/tools/list_changed' });
      subscription.close();
    },
  );

  it.runIf(!route.stateful)(
    'B-11 C-40: a listen ends with ServerStreamRefusedError: the server refuses the GET stream with 405',
    async () => {
      const subscription = client.listen({ toolsListChanged: true });
      await expect(subscription.next()).rejects.toBeInstanceOf(ServerStreamRefusedError);
      // Once the 405 is known, a listen is refused before any acknowledgement.
      const again = client.listen({ toolsListChanged: true });
      await expect(again.acknowledged).rejects.toBeInstanceOf(ServerStreamRefusedError);
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
