import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { describe, expect, it } from 'vitest';
import { LegacyServerError, McpClient, type McpClientOptions } from '../src/index.js';

/** The real server behind the real HTTP handler, reached through an injected fetch (no sockets). */
function overHttp(server: McpServer, options: McpClientOptions = {}) {
  const handler = createFetchHandler(server);
  const seen: Request[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return handler(request);
  };
  const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), options);
  return { client, seen };
}

function routedServer() {
  const server = new McpServer({ name: 'http', version: '1.0.0' });
  server.tool(
    'deploy',
    {
      description: 'Routed by region',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, note: { type: 'string' } },
      },
    },
    (args) => ({ content: [{ type: 'text', text: `deployed to ${(args as { region?: string }).region}` }] }),
  );
  return server;
}

describe('over Streamable HTTP (real handler, injected fetch)', () => {
  it('H-27: the annotated argument is mirrored in Mcp-Param-*, and the server accepts the call', async () => {
    const { client, seen } = overHttp(routedServer());
    const result = await client.callTool('deploy', { region: 'eu-west-1', note: 'x' });
    expect(result.content).toEqual([{ type: 'text', text: 'deployed to eu-west-1' }]);
    const call = seen.find((r) => r.headers.get('mcp-method') === 'tools/call')!;
    expect(call.headers.get('mcp-param-region')).toBe('eu-west-1');
    expect(call.headers.get('mcp-name')).toBe('deploy');
    expect(call.headers.get('mcp-protocol-version')).toBe('2026-07-28');
  });

  it('H-28: without the tool list, the first call misses its header, the server says -32020, the client lists and retries', async () => {
    const { client, seen } = overHttp(routedServer(), { autoListTools: false });
    const result = await client.callTool('deploy', { region: 'ap-south-1' });
    expect(result.content).toEqual([{ type: 'text', text: 'deployed to ap-south-1' }]);
    const methods = seen.map((r) => r.headers.get('mcp-method'));
    expect(methods).toEqual(['server/discover', 'tools/call', 'tools/list', 'tools/call']);
    expect(seen[1]!.headers.get('mcp-param-region')).toBeNull();
    expect(seen[3]!.headers.get('mcp-param-region')).toBe('ap-south-1');
  });

  it('H-25, H-26, S-18: an argument of the wrong type for its header is mirrored, and the model gets the tool error', async () => {
    const server = new McpServer({ name: 'http', version: '1.0.0' });
    server.tool(
      'scale',
      {
        description: 'Scales to a replica count',
        inputSchema: {
          type: 'object',
          properties: { count: { type: 'integer', 'x-mcp-header': 'Count' } },
          required: ['count'],
        },
      },
      () => ({ content: [{ type: 'text', text: 'scaled' }] }),
    );
    const { client, seen } = overHttp(server);
    const result = await client.callTool('scale', { count: 1.5 });
    expect(result.isError).toBe(true);
    const calls = seen.filter((r) => r.headers.get('mcp-method') === 'tools/call');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('mcp-param-count')).toBe('1.5');
    expect(await client.callTool('scale', { count: 1e21 })).toMatchObject({ content: [{ text: 'scaled' }] });
    expect(seen.at(-1)!.headers.get('mcp-param-count')).toBe('1000000000000000000000');
  });

  it('C-10: a 400 with -32022 (as the request-metadata conformance scenario sends) is retried with a supported version', async () => {
    const versions: Array<string | null> = [];
    let first = true;
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = (await request.json()) as { id: number; method: string };
      versions.push(request.headers.get('mcp-protocol-version'));
      if (first) {
        first = false;
        return Response.json(
          {
            jsonrpc: '2.0',
            id: body.id,
            error: {
              code: -32022,
              message: 'Unsupported',
              data: { supported: ['2026-07-28'], requested: 'x' },
            },
          },
          { status: 400 },
        );
      }
      return Response.json({
        jsonrpc: '2.0',
        id: body.id,
        result: {
          resultType: 'complete',
          ttlMs: 0,
          cacheScope: 'private',
          supportedVersions: ['2026-07-28'],
          capabilities: {},
        },
      });
    };
    const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), {
      protocolVersions: ['2099-01-01', '2026-07-28'],
    });
    expect((await client.connect())?.protocolVersion).toBe('2026-07-28');
    expect(versions).toEqual(['2099-01-01', '2026-07-28']);
  });

  it('B-4, T-23: with era "modern", an HTTP 404 without a JSON-RPC body means an older server', async () => {
    const fetch = async () => new Response('Not Found', { status: 404 });
    const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), {
      era: 'modern',
    });
    await expect(client.connect()).rejects.toBeInstanceOf(LegacyServerError);
  });

  it('B-4, B-7: an HTTP 404 to the probe falls back to initialize, a 404 to that too to a GET for HTTP+SSE, and a 404 to the GET fails', async () => {
    const sent: string[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(`${init?.method} ${init?.body === undefined ? '' : JSON.parse(String(init.body)).method}`);
      return new Response('Not Found', { status: 404 });
    };
    const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }));
    await expect(client.connect()).rejects.toMatchObject({
      message: 'The server answered HTTP 404 at http://localhost/mcp: no MCP endpoint there',
    });
    expect(sent).toEqual(['POST server/discover', 'POST initialize', 'GET ']);
  });
});
