import { createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import {
  McpClient,
  type McpClientOptions,
  MissingClientCapabilityError,
  type Progress,
  ResourceNotFoundError,
} from '../src/index.js';
import { recordingTransport } from './helpers/mock-server.js';

/** The real `@mcpkit/server`, driven through the in-memory transport (JSON round trip on). */
function everythingServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const server = new McpServer(
    { name: 'everything', version: '1.0.0' },
    { instructions: 'Be brief.', ...options },
  );
  server.tool(
    'add',
    {
      description: 'Adds two integers',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer' } },
        required: ['a', 'b'],
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
    },
    (args) => {
      const { a, b } = args as { a: number; b: number };
      return { structuredContent: { sum: a + b } };
    },
  );
  server.tool('slow', { description: 'Reports progress' }, async (_args, ctx) => {
    for (let i = 1; i <= 3; i++) ctx.progress(i, 3, `step ${i}`);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.tool('interview', { description: 'Three questions, three rounds' }, async (_args, ctx) => {
    const form = (message: string) =>
      ({
        message,
        requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
      }) as const;
    const answers: string[] = [];
    for (const key of ['first', 'second', 'third']) {
      const reply = await ctx.elicit(key, form(`${key}?`));
      answers.push(
        reply.action === 'accept' ? String((reply.content as { answer: string }).answer) : reply.action,
      );
    }
    return { content: [{ type: 'text', text: answers.join(',') }] };
  });
  server.tool('survey', { description: 'Several inputs in one round' }, async (_args, ctx) => {
    const { name, roots } = (await ctx.ask({
      name: {
        request: {
          method: 'elicitation/create',
          params: {
            message: 'Name?',
            requestedSchema: { type: 'object', properties: { n: { type: 'string' } } },
          },
        },
      },
      roots: { request: { method: 'roots/list', params: {} } },
    } as never)) as {
      name: { action: string; content?: { n: string } };
      roots: { roots: Array<{ uri: string }> };
    };
    return {
      content: [{ type: 'text', text: `${name.content?.n}@${roots.roots.map((r) => r.uri).join('|')}` }],
    };
  });
  server.tool(
    'needs-sampling',
    { description: 'Cannot run without sampling', requiredClientCapabilities: { sampling: {} } },
    () => ({ content: [] }),
  );
  server.tool(
    'routed',
    {
      description: 'Mirrors region in a header',
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
    },
    () => ({ content: [{ type: 'text', text: 'routed' }] }),
  );
  server.resource(
    'file:///readme.md',
    { name: 'readme', mimeType: 'text/markdown', cache: { ttlMs: 60_000, cacheScope: 'public' } },
    (uri) => ({ contents: [{ uri, mimeType: 'text/markdown', text: '# Hello' }] }),
  );
  server.prompt('greet', { description: 'Greets', arguments: { name: { required: true } } }, (args) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello ${(args as { name: string }).name}` } }],
  }));
  return server;
}

const answerAll: McpClientOptions['handlers'] = {
  elicitation: {
    form: (request) => ({
      action: 'accept',
      content: { answer: request.message.replace('?', '!'), n: 'Ada' },
    }),
  },
  roots: () => [{ uri: 'file:///work', name: 'work' }],
};

function connect(server = everythingServer(), options: McpClientOptions = {}) {
  return new McpClient(createInMemoryTransport(server), { handlers: answerAll, ...options });
}

describe('against @mcpkit/server', () => {
  it('C-9, C-11, C-12: discovers the version, capabilities, instructions and serverInfo', async () => {
    const client = connect();
    const server = await client.connect();
    expect(server).toMatchObject({
      protocolVersion: '2026-07-28',
      instructions: 'Be brief.',
      serverInfo: { name: 'everything', version: '1.0.0' },
    });
    expect(server!.capabilities.tools).toBeDefined();
    expect(server!.capabilities.prompts).toBeDefined();
    expect(server!.capabilities.resources).toBeDefined();
  });

  it('lists and calls tools; structuredContent is checked against the outputSchema (C-20)', async () => {
    const client = connect();
    const names: string[] = [];
    for await (const tool of client.iterateTools()) names.push(tool.name);
    expect(names).toEqual(expect.arrayContaining(['add', 'slow', 'interview', 'survey', 'routed']));
    expect(await client.callTool('add', { a: 2, b: 3 })).toMatchObject({ structuredContent: { sum: 5 } });
  });

  it('C-6: progress from the handler reaches onProgress', async () => {
    const client = connect();
    const updates: Progress[] = [];
    await client.callTool('slow', {}, { onProgress: (p) => updates.push(p) });
    expect(updates.map((p) => p.progress)).toEqual([1, 2, 3]);
  });

  it('C-24..C-26: a three-round tool is fulfilled automatically', async () => {
    const client = connect();
    expect(await client.callTool('interview')).toMatchObject({
      content: [{ type: 'text', text: 'first!,second!,third!' }],
    });
  });

  it('several inputs in one round are all produced before the retry', async () => {
    const client = connect();
    expect(await client.callTool('survey')).toMatchObject({
      content: [{ type: 'text', text: 'Ada@file:///work' }],
    });
  });

  it('C-29: the round limit stops a long interview', async () => {
    const client = connect(everythingServer(), { maxInputRounds: 2 });
    await expect(client.callTool('interview')).rejects.toMatchObject({
      name: 'InputRequiredError',
      reason: 'rounds-exceeded',
    });
  });

  it('manual mode: the caller answers and echoes requestState; a forged state is refused by the server', async () => {
    const client = connect();
    const first = await client.callTool('interview', {}, { inputRequired: 'manual' });
    expect(first.resultType).toBe('input_required');
    const state = (first as { requestState?: string }).requestState!;
    const forged = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(
      client.callTool(
        'interview',
        {},
        {
          inputRequired: 'manual',
          inputResponses: { first: { action: 'accept', content: { answer: 'x' } } },
          requestState: forged,
        },
      ),
    ).rejects.toBeInstanceOf(McpError);
    const second = await client.callTool(
      'interview',
      {},
      {
        inputRequired: 'manual',
        inputResponses: { first: { action: 'accept', content: { answer: 'x' } } },
        requestState: state,
      },
    );
    expect(second).toMatchObject({ resultType: 'input_required', inputRequests: { second: {} } });
  });

  it('C-18: a tool that needs an undeclared capability surfaces the missing capabilities', async () => {
    const client = connect();
    const failure = await client.callTool('needs-sampling').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MissingClientCapabilityError);
    expect((failure as MissingClientCapabilityError).requiredCapabilities).toMatchObject({ sampling: {} });
  });

  it('C-17, C-32: resources are read through the cache; a missing one is ResourceNotFoundError', async () => {
    let reads = 0;
    const server = everythingServer();
    server.resource(
      'file:///counted',
      { name: 'counted', cache: { ttlMs: 60_000, cacheScope: 'public' } },
      (uri) => {
        reads++;
        return { contents: [{ uri, text: '# Hello' }] };
      },
    );
    const client = connect(server);
    const first = await client.readResource('file:///counted');
    expect(first).toMatchObject({ contents: [{ text: '# Hello' }], ttlMs: 60_000, cacheScope: 'public' });
    expect(await client.readResource('file:///readme.md')).toMatchObject({
      contents: [{ mimeType: 'text/markdown' }],
    });
    expect(await client.readResource('file:///counted')).toBe(first);
    expect(reads).toBe(1);
    await expect(client.readResource('file:///missing')).rejects.toBeInstanceOf(ResourceNotFoundError);
  });

  it('gets prompts', async () => {
    const client = connect();
    expect(await client.getPrompt('greet', { name: 'Ada' })).toMatchObject({
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ada' } }],
    });
  });

  it('C-10: a client preferring an unknown version is told the supported ones and retries', async () => {
    const client = connect(everythingServer(), { protocolVersions: ['2099-01-01', '2026-07-28'] });
    expect((await client.connect())?.protocolVersion).toBe('2026-07-28');
  });

  it('H-27: x-mcp-header values are handed to the transport', async () => {
    const transport = recordingTransport(everythingServer());
    const client = new McpClient(transport);
    await client.callTool('routed', { region: 'eu-west-1' });
    expect(transport.options.at(-1)!.paramHeaders).toEqual({ Region: 'eu-west-1' });
  });

  it('C-36, C-40, C-42: listen acknowledges, invalidates the cache on list_changed, ends when the server closes', async () => {
    const server = everythingServer({ cache: { default: { ttlMs: 60_000, cacheScope: 'public' } } });
    const client = connect(server);
    const before = await client.listTools();
    const subscription = client.listen({ toolsListChanged: true, promptsListChanged: true });
    expect(await subscription.acknowledged).toMatchObject({
      toolsListChanged: true,
      promptsListChanged: true,
    });
    expect(await client.listTools()).toBe(before);
    server.tool('late', { description: 'Registered later' }, () => ({ content: [] }));
    const { value } = await subscription.next();
    expect(value?.method).toBe('notifications/tools/list_changed');
    const after = await client.listTools();
    expect(after.tools.map((t) => t.name)).toContain('late');
    await server.close();
    const rest: unknown[] = [];
    for await (const n of subscription) rest.push(n);
    expect(subscription.ended).toBe(true);
  });
});
