import type { MessageContext } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';

/** A 2025-era server over Streamable HTTP (the fetch handler, no sockets) whose tool asks the client. */
function server() {
  const mcp = new McpServer({ name: 'legacy-hooks', version: '1.0.0' });
  mcp.tool('confirm', { description: 'Asks the user' }, async (_args, ctx) => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as const;
    const answer = await ctx.elicit('confirm', { message: 'Sure?', requestedSchema: schema });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  });
  return mcp;
}

const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A 2025-era client of the server over HTTP, with every POST body it sent and the session it carried. */
function connect() {
  const handler = createFetchHandler(server());
  const posted: { method?: string; result?: unknown; error?: unknown; sessionId: string | null }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') {
      const body = JSON.parse(await request.clone().text());
      posted.push({ ...body, sessionId: request.headers.get('mcp-session-id') });
    }
    return handler(request);
  };
  const client = new McpClient(createHttpClientTransport('http://localhost:8123/mcp', { fetch }), {
    era: 'legacy',
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { ok: true } }) } },
  });
  clients.push(client);
  return { client, posted };
}

const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('client hooks in the 2025 era over HTTP', () => {
  it("receive sees the server's elicitation/create and the answer; send and receive carry the session", async () => {
    const { client, posted } = connect();
    const sent: MessageContext[] = [];
    const received: { ctx: MessageContext; answer: unknown }[] = [];
    client.use({
      send: (ctx, next) => {
        sent.push(ctx);
        return next();
      },
      receive: async (ctx, next) => {
        const answer = await next();
        received.push({ ctx, answer });
        return answer;
      },
    });
    expect(JSON.parse(textOf(await client.callTool('confirm')))).toEqual({
      action: 'accept',
      content: { ok: true },
    });
    const sessionId = posted.at(-1)!.sessionId;
    expect(sessionId).toEqual(expect.any(String));
    expect(received).toHaveLength(1);
    expect(received[0]!.ctx).toMatchObject({
      side: 'client',
      direction: 'receive',
      kind: 'request',
      method: 'elicitation/create',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      sessionId,
      network: { transport: 'tcp', address: 'localhost', port: 8123 },
    });
    expect(received[0]!.ctx.params).toMatchObject({ message: 'Sure?' });
    expect(received[0]!.answer).toEqual({ action: 'accept', content: { ok: true } });
    const call = sent.find((ctx) => ctx.method === 'tools/call');
    expect(call).toMatchObject({ era: 'legacy', sessionId, network: { transport: 'tcp', port: 8123 } });
    expect(sent.find((ctx) => ctx.method === 'initialize')?.sessionId).toBeUndefined();
  });

  it('a receive hook may answer in place of the handler, or refuse: the server gets that answer', async () => {
    const { client, posted } = connect();
    client.use({ receive: async () => ({ action: 'decline' }) });
    expect(JSON.parse(textOf(await client.callTool('confirm')))).toEqual({ action: 'decline' });
    expect(posted.find((body) => body.method === undefined)).toMatchObject({ result: { action: 'decline' } });

    const refused = connect();
    refused.client.use({
      receive: () => {
        throw new Error('not now');
      },
    });
    await refused.client.callTool('confirm').catch(() => undefined);
    expect(refused.posted.find((body) => body.method === undefined)).toMatchObject({
      error: { code: -32603, message: 'not now' },
    });
  });
});
