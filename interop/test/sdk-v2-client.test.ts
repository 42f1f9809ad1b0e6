import {
  Client,
  ResourceNotFoundError,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect, it } from 'vitest';
import { describeSdkClient } from './support/sdk-client-suite.js';

describeSdkClient<Client, Transport>({
  title: 'official SDK v2 Client (default mode) against apps/everything-server over %s',
  stdio: (spec) => new StdioClientTransport(spec),
  http: (url) => new StreamableHTTPClientTransport(url),
  /**
   * The official SDK v2 client in its default mode (no `versionNegotiation`: the plain 2025
   * `initialize` sequence), declaring elicitation and sampling (or nothing).
   */
  async connect(transport, answers, declare) {
    const client = new Client(
      { name: 'sdk-v2-interop', version: '0.0.0' },
      { capabilities: declare ? { elicitation: {}, sampling: {} } : {} },
    );
    if (declare) {
      client.setRequestHandler('elicitation/create', async (request) => answers.elicit(request.params));
      client.setRequestHandler('sampling/createMessage', async (request) => answers.sample(request.params));
    }
    await client.connect(transport);
    return client;
  },
  handshake: {
    name: 'B-9: negotiates 2025-11-25 with initialize, lists the tools and calls test_simple_text',
    check: (client) => expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25'),
  },
  more(connect) {
    it('B-10: reads a resource and gets a prompt in the session', async () => {
      const { client } = await connect();
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
      const { client } = await connect();
      const failure = await client.readResource({ uri: 'test://no-such-resource' }).catch((error) => error);
      expect(failure).toBeInstanceOf(ResourceNotFoundError);
      expect((failure as ResourceNotFoundError).uri).toBe('test://no-such-resource');
    });
  },
});
