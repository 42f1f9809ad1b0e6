import { McpServer, type ServerOptions } from '../../src/index.js';

/** A server with something of every kind, for the legacy-era tests. */
export function legacyTestServer(options: ServerOptions = {}) {
  const counters = { once: 0 };
  const server = new McpServer(
    { name: 'legacy-test-server', version: '1.0.0' },
    { instructions: 'Test instructions', capabilities: { logging: {} }, onError: () => {}, ...options },
  );
  server.tool('echo', { description: 'Echoes', inputSchema: { type: 'object' } }, async (args, ctx) => {
    ctx.progress(1, 2, 'half');
    ctx.log.info('echoing');
    return { content: [{ type: 'text', text: JSON.stringify(args) }] };
  });
  server.tool('ask_name', { description: 'Elicits a name' }, async (_args, ctx) => {
    const id = await ctx.once('id', () => ++counters.once);
    const answer = await ctx.elicit('name', {
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    const name = answer.action === 'accept' ? answer.content.name : answer.action;
    return { content: [{ type: 'text', text: `${name} #${id}` }] };
  });
  server.tool(
    'progress_then_ask',
    { description: 'Reports progress, elicits, reports more' },
    async (_args, ctx) => {
      ctx.progress(1, 2, 'asking');
      const answer = await ctx.elicit('go', {
        message: 'Go on?',
        requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
      });
      ctx.progress(2, 2, 'done');
      return { content: [{ type: 'text', text: answer.action }] };
    },
  );
  server.tool(
    'ask_all',
    { description: 'Samples, elicits and lists roots in one round' },
    async (_args, ctx) => {
      const { model, roots } = await ctx.ask({
        model: {
          request: {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 },
          },
        },
        roots: { request: { method: 'roots/list', params: {} } },
      });
      const text = (model as { content: { text: string } }).content.text;
      return {
        content: [{ type: 'text', text: `${text} / ${(roots as { roots: unknown[] }).roots.length}` }],
      };
    },
  );
  server.tool('slow', { description: 'Waits until cancelled' }, async (_args, ctx) => {
    await new Promise((_resolve, reject) =>
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
    );
    return { content: [] };
  });
  server.resource('test://doc', { name: 'doc', mimeType: 'text/plain' }, async () => ({
    contents: [{ uri: 'test://doc', text: 'hello' }],
  }));
  server.prompt(
    'greet',
    { description: 'Greets', arguments: { who: { required: true } } },
    async ({ who }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }],
    }),
  );
  return { server, counters };
}
