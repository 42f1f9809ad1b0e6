import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { afterEach, describe, expect, it } from 'vitest';
import { type InputHandlers, McpClient, ResourceNotFoundError } from '../src/index.js';

/**
 * `McpClient` against the real `@mcpkit/server` in its 2025 era over Streamable HTTP (the fetch
 * handler, no sockets): the server's own requests on a response stream are answered by the
 * registered input handlers and POSTed back with the session (B-13), and a missing resource is
 * `-32002` on the wire and a `ResourceNotFoundError` for the caller (B-15).
 */

function server() {
  const mcp = new McpServer({ name: 'legacy-http', version: '1.0.0' });
  mcp.tool('confirm', { description: 'Asks the user' }, async (_args, ctx) => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as const;
    const answer = await ctx.elicit('confirm', { message: 'Sure?', requestedSchema: schema });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  });
  mcp.tool('think', { description: 'Asks the model' }, async (_args, ctx) => {
    const reply = await ctx.sample('think', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
      maxTokens: 10,
    });
    return { content: [{ type: 'text', text: reply.model }] };
  });
  mcp.tool('roots', { description: 'Lists the roots' }, async (_args, ctx) => {
    const roots = await ctx.listRoots('roots');
    return { content: [{ type: 'text', text: roots.roots.map((root) => root.uri).join(',') }] };
  });
  mcp.resource('file:///present', { name: 'present' }, (uri) => ({ contents: [{ uri, text: 'here' }] }));
  return mcp;
}

const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A 2025-era client of the server, with every POST body it sent and every JSON-RPC error it got back. */
function connect(handlers: InputHandlers = {}) {
  const handler = createFetchHandler(server());
  const posted: { method?: string; result?: unknown; error?: unknown; sessionId: string | null }[] = [];
  const errors: number[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') {
      const body = JSON.parse(await request.clone().text());
      posted.push({ ...body, sessionId: request.headers.get('mcp-session-id') });
    }
    const response = await handler(request);
    // Read on the side: an SSE response ends only after the client has answered the server.
    void response
      .clone()
      .text()
      .then((text) => {
        for (const match of text.matchAll(/"error":\{"code":(-?\d+)/g)) errors.push(Number(match[1]));
      });
    return response;
  };
  const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), {
    era: 'legacy',
    handlers,
  });
  clients.push(client);
  return { client, posted, errors };
}

const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('a 2025-era server over Streamable HTTP', () => {
  it("B-13: the server's elicitation/create goes to the form handler, whose answer is POSTed back with the session and reaches the tool", async () => {
    const { client, posted } = connect({
      elicitation: { form: () => ({ action: 'accept', content: { ok: true } }) },
    });
    const result = await client.callTool('confirm');
    expect(JSON.parse(textOf(result))).toEqual({ action: 'accept', content: { ok: true } });
    const answer = posted.find((body) => body.method === undefined);
    expect(answer).toMatchObject({ result: { action: 'accept', content: { ok: true } } });
    expect(answer!.sessionId).toBe(posted.at(-1)!.sessionId);
    expect(answer!.sessionId).not.toBeNull();
  });

  it("B-13: the server's sampling/createMessage and roots/list go to the sampling and roots handlers", async () => {
    const { client } = connect({
      sampling: {
        createMessage: () => ({ role: 'assistant', model: 'tiny', content: { type: 'text', text: 'hello' } }),
      },
      roots: () => [{ uri: 'file:///work', name: 'work' }],
    });
    expect(textOf(await client.callTool('think'))).toBe('tiny');
    expect(textOf(await client.callTool('roots'))).toBe('file:///work');
  });

  it('B-13, C-47: an answer that does not fit the requested schema goes back as a JSON-RPC error', async () => {
    const { client, posted } = connect({
      elicitation: { form: () => ({ action: 'accept', content: { ok: 'yes' } }) },
    });
    await client.callTool('confirm').catch(() => undefined);
    const answer = posted.find((body) => body.method === undefined);
    expect(answer?.error).toMatchObject({ code: -32603 });
  });

  it('B-15: a missing resource is -32002 on the wire and a ResourceNotFoundError naming the URI', async () => {
    const { client, errors } = connect();
    expect(textOf({ content: (await client.readResource('file:///present')).contents })).toBe('here');
    const error = await client.readResource('file:///missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect(error).toMatchObject({ code: -32002, uri: 'file:///missing' });
    expect(errors).toContain(-32002);
  });
});
