import {
  Client,
  ResourceNotFoundError,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingStdio, serveEverythingHttp, textOf } from './support/everything-server.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The official SDK v2 client in its default mode (no `versionNegotiation`: the plain 2025
 * `initialize` sequence), declaring elicitation and sampling, answering each with fixed values and
 * recording what the server asked. Closed (and its stdio child killed) after the test.
 */
async function connectV2Client(transport: Transport) {
  const asked: { elicitation?: string; sampling?: unknown } = {};
  const client = new Client(
    { name: 'sdk-v2-interop', version: '0.0.0' },
    { capabilities: { elicitation: {}, sampling: {} } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.elicitation = request.params.message;
    return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
  });
  client.setRequestHandler('sampling/createMessage', async (request) => {
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

describe.each(transports)(
  'official SDK v2 Client (default mode) against apps/everything-server over %s',
  (_name, open) => {
    it('B-9: negotiates 2025-11-25 with initialize, lists the tools and calls test_simple_text', async () => {
      const { client } = await connectV2Client(await open());
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      expect(client.getServerVersion()?.name).toBe('mcpkit-everything-server');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['test_simple_text', 'test_elicitation', 'test_sampling']),
      );
      const result = await client.callTool({ name: 'test_simple_text', arguments: {} });
      expect(result.isError ?? false).toBe(false);
      expect(textOf(result)).toBe('This is a simple text response for testing.');
    });

    it('B-10: reads a resource and gets a prompt in the session', async () => {
      const { client } = await connectV2Client(await open());
      const read = await client.readResource({ uri: 'test://static-text' });
      expect(read.contents).toEqual([
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ]);
      const prompt = await client.getPrompt({ name: 'test_simple_prompt' });
      expect(prompt.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
      ]);
    });

    it("B-15: a missing resource (-32002 with data.uri) is the client's ResourceNotFoundError", async () => {
      const { client } = await connectV2Client(await open());
      const failure = await client.readResource({ uri: 'test://no-such-resource' }).catch((error) => error);
      expect(failure).toBeInstanceOf(ResourceNotFoundError);
      expect((failure as ResourceNotFoundError).uri).toBe('test://no-such-resource');
    });

    it('B-13: test_elicitation sends a real elicitation/create and the answer reaches the tool result', async () => {
      const { client, asked } = await connectV2Client(await open());
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
      const { client, asked } = await connectV2Client(await open());
      const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'Write a poem' } });
      expect(asked.sampling).toEqual({ type: 'text', text: 'Write a poem' });
      expect(result.isError ?? false).toBe(false);
      expect(textOf(result)).toBe('LLM response: Roses are red');
    });
  },
);
