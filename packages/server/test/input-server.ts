// The server the MRTR tests share (mrtr*.test.ts): tools, prompts and resources that ask for input.
import { elicitation, McpServer, roots, type ServerOptions, sampling } from '../src/index.js';
import { call, meta } from './helpers.js';

export const ALL = { elicitation: {}, sampling: {}, roots: {} };
export const nameForm = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
} as const;
export const nameFormParams = { message: 'Name?', requestedSchema: nameForm } as const;
export const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });
export const samplingAnswer = (text: string) => ({
  role: 'assistant',
  content: { type: 'text', text },
  model: 'test-model',
  stopReason: 'endTurn',
});
export const rootsAnswer = { roots: [{ uri: 'file:///test/root', name: 'Test Root' }] };

export function newServer(options: ServerOptions = {}) {
  const server = new McpServer({ name: 'mrtr-test', version: '1.0.0' }, { onError: () => {}, ...options });
  const runs = { elicitation: 0, once: 0 };
  server.tool('test_input_required_result_elicitation', {}, async (_, ctx) => {
    runs.elicitation++;
    const answer = await ctx.elicit('user_name', {
      message: 'What is your name?',
      requestedSchema: nameForm,
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No name given' }] };
    const name: string = answer.content.name;
    return { content: [{ type: 'text', text: `Hello, ${name}!` }] };
  });
  server.tool('test_input_required_result_sampling', {}, async (_, ctx) => {
    const answer = await ctx.sample('capital_question', {
      messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
      maxTokens: 100,
    });
    return { content: [{ type: 'text', text: JSON.stringify(answer.content) }] };
  });
  server.tool('test_input_required_result_list_roots', {}, async (_, ctx) => {
    const { roots: found } = await ctx.listRoots('client_roots');
    return { content: [{ type: 'text', text: found.map((r) => r.uri).join(',') }] };
  });
  server.tool('test_input_required_result_request_state', {}, async (_, ctx) => {
    const nonce = await ctx.once('nonce', () => {
      runs.once++;
      return `n-${runs.once}`;
    });
    await ctx.elicit('confirm', {
      message: 'Please confirm',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return { content: [{ type: 'text', text: `state-ok ${nonce}` }] };
  });
  server.tool('test_input_required_result_multiple_inputs', {}, async (_, ctx) => {
    const answers = await ctx.ask({
      user_name: elicitation({ message: 'What is your name?', requestedSchema: nameForm }),
      greeting: sampling({
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      }),
      client_roots: roots(),
    });
    const name = answers.user_name.action === 'accept' ? answers.user_name.content.name : '?';
    return {
      content: [
        { type: 'text', text: `${name} ${answers.greeting.model} ${answers.client_roots.roots.length}` },
      ],
    };
  });
  server.tool('test_input_required_result_multi_round', {}, async (_, ctx) => {
    const step1 = await ctx.elicit('step1', {
      message: 'Step 1: What is your name?',
      requestedSchema: nameForm,
    });
    const step2 = await ctx.elicit('step2', {
      message: 'Step 2: What is your favorite color?',
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    });
    const step3 = await ctx.elicit('step3', {
      message: 'Step 3: Size?',
      requestedSchema: { type: 'object', properties: { size: { type: 'string', enum: ['S', 'M', 'L'] } } },
    });
    const parts = [step1, step2, step3].map((a) =>
      a.action === 'accept' ? JSON.stringify(a.content) : a.action,
    );
    return { content: [{ type: 'text', text: parts.join(' ') }] };
  });
  server.tool('test_input_required_result_capabilities', {}, async (_, ctx) => {
    const question = elicitation({ message: 'Name?', requestedSchema: nameForm });
    if (ctx.canAsk(question)) await ctx.ask({ name: question });
    else
      await ctx.sample('name_guess', {
        messages: [{ role: 'user', content: { type: 'text', text: 'Guess' } }],
        maxTokens: 5,
      });
    return { content: [] };
  });
  server.tool('parallel', {}, async (_, ctx) => {
    const [a, b] = await Promise.all([
      ctx.elicit('a', { message: 'A?', requestedSchema: nameForm }),
      ctx.listRoots('b'),
    ]);
    return { content: [{ type: 'text', text: `${a.action} ${b.roots.length}` }] };
  });
  server.tool('parallel_reversed', {}, async (_, ctx) => {
    const [b, a] = await Promise.all([
      ctx.listRoots('b'),
      ctx.elicit('a', { message: 'A?', requestedSchema: nameForm }),
    ]);
    return { content: [{ type: 'text', text: `${a.action} ${b.roots.length}` }] };
  });
  server.tool('swallows', {}, async (_, ctx) => {
    try {
      await ctx.elicit('q', { message: 'Q?', requestedSchema: nameForm });
    } catch {
      return { content: [{ type: 'text', text: 'pretended to finish' }] };
    }
    return { content: [] };
  });
  server.tool('url_sign_in', {}, async (_, ctx) => {
    const answer = await ctx.elicit('sign_in', {
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/auth',
    });
    return { content: [{ type: 'text', text: answer.action }] };
  });
  server.tool('bad_question', {}, async (_, ctx) => {
    await ctx.elicit('q', { message: 'Q?', requestedSchema: { type: 'nope' } as never });
    return { content: [] };
  });
  server.prompt('test_input_required_result_prompt', {}, async (_, ctx) => {
    const answer = await ctx.elicit('user_context', {
      message: 'What context should the prompt use?',
      requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
    });
    const context = answer.action === 'accept' ? answer.content.context : 'none';
    return { messages: [{ role: 'user', content: { type: 'text', text: `Context: ${context}` } }] };
  });
  server.resource('secret://doc', { name: 'doc' }, async (uri, ctx) => {
    const answer = await ctx.elicit('password_ok', {
      message: 'Allow reading the document?',
      requestedSchema: { type: 'object', properties: { allow: { type: 'boolean' } }, required: ['allow'] },
    });
    return {
      contents: [{ uri, text: answer.action === 'accept' && answer.content.allow ? 'contents' : 'denied' }],
    };
  });
  return { server, runs };
}

export type Server = ReturnType<typeof newServer>['server'];

export function tool(
  server: Server,
  name: string,
  extra: Record<string, unknown> = {},
  capabilities: object = ALL,
) {
  return call(server, 'tools/call', { name, arguments: {}, _meta: meta({}, capabilities), ...extra });
}

/**
 * Calls a tool, then retries with `inputResponses` and the `requestState` of its first answer:
 * answers count only for questions the server asked (docs/design/unasked-answers.md).
 */
export async function retried(
  server: Server,
  name: string,
  inputResponses: unknown,
  capabilities: object = ALL,
) {
  const first = await tool(server, name, {}, capabilities);
  const requestState = (first.result as { requestState?: string } | undefined)?.requestState;
  return tool(server, name, { inputResponses, requestState }, capabilities);
}
