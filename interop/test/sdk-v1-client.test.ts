import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describeSdkClient } from './support/sdk-client-suite.js';

describeSdkClient<Client, Transport>({
  title: 'official SDK v1 Client against apps/everything-server over %s',
  stdio: (spec) => new StdioClientTransport(spec),
  http: (url) => new StreamableHTTPClientTransport(url),
  /** The official SDK v1 client, declaring elicitation and sampling (or nothing). */
  async connect(transport, answers, declare) {
    const client = new Client(
      { name: 'sdk-v1-interop', version: '0.0.0' },
      { capabilities: declare ? { elicitation: {}, sampling: {} } : {} },
    );
    if (declare) {
      client.setRequestHandler(ElicitRequestSchema, async (request) => answers.elicit(request.params));
      client.setRequestHandler(CreateMessageRequestSchema, async (request) => answers.sample(request.params));
    }
    await client.connect(transport);
    return client;
  },
  handshake: { name: 'B-9: completes the initialize handshake, lists the tools and calls test_simple_text' },
});
