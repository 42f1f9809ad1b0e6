import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingStdio, serveEverythingHttp, textOf } from './support/everything-server.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The official SDK v1 client, declaring elicitation and sampling, answering each with fixed
 * values and recording what the server asked. Closed (and its stdio child killed) after the test.
 */
async function connectSdkClient(transport: Transport) {
  const asked: { elicitation?: string; sampling?: unknown } = {};
  const client = new Client(
    { name: 'sdk-v1-interop', version: '0.0.0' },
    { capabilities: { elicitation: {}, sampling: {} } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.elicitation = request.params.message;
    return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    asked.sampling = request.params.messages[0]?.content;
    return { role: 'assistant', content: { type: 'text', text: 'Roses are red' }, model: 'fixed' };
  });
  cleanups.push(() => client.close());
  await client.connect(transport);
  return { client, asked };
}

const transports: [string, () => Promise<Transport>][] = [
  [
    'stdio',
    async () =>
      new StdioClientTransport({ command: process.execPath, args: [everythingStdio], stderr: 'ignore' }),
  ],
  [
    'Streamable HTTP',
    async () => new StreamableHTTPClientTransport(new URL(await serveEverythingHttp(cleanups))),
  ],
];

describe.each(transports)('official SDK v1 Client against apps/everything-server over %s', (_name, open) => {
  it('B-9: completes the initialize handshake, lists the tools and calls test_simple_text', async () => {
    const { client } = await connectSdkClient(await open());
    expect(client.getServerVersion()?.name).toBe('mcpkit-everything-server');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['test_simple_text', 'test_elicitation', 'test_sampling']),
    );
    const result = await client.callTool({ name: 'test_simple_text', arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(textOf(result)).toBe('This is a simple text response for testing.');
  });

  it('B-13: test_elicitation sends a real elicitation/create and the answer reaches the tool result', async () => {
    const { client, asked } = await connectSdkClient(await open());
    const result = await client.callTool({
      name: 'test_elicitation',
      arguments: { message: 'Who are you?' },
    });
    expect(asked.elicitation).toBe('Who are you?');
    expect(result.isError ?? false).toBe(false);
    const answer = JSON.parse(textOf(result).replace(/^User response: /, ''));
    expect(answer).toEqual({ action: 'accept', content: { username: 'ada', email: 'ada@example.com' } });
  });

  it('B-13: test_sampling sends a real sampling/createMessage and the reply reaches the tool result', async () => {
    const { client, asked } = await connectSdkClient(await open());
    const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'Write a poem' } });
    expect(asked.sampling).toEqual({ type: 'text', text: 'Write a poem' });
    expect(result.isError ?? false).toBe(false);
    expect(textOf(result)).toBe('LLM response: Roses are red');
  });
});
