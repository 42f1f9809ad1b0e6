import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type AnswerOf, elicitation, McpServer, roots, type ServerOptions, sampling } from '../src/index.js';
import { call, drain, meta, request } from './helpers.js';

const ALL = { elicitation: {}, sampling: {}, roots: {} };
const nameForm = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
const nameFormParams = { message: 'Name?', requestedSchema: nameForm } as const;
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });
const samplingAnswer = (text: string) => ({
  role: 'assistant',
  content: { type: 'text', text },
  model: 'test-model',
  stopReason: 'endTurn',
});
const rootsAnswer = { roots: [{ uri: 'file:///test/root', name: 'Test Root' }] };

function newServer(options: ServerOptions = {}) {
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

type Server = ReturnType<typeof newServer>['server'];

function tool(server: Server, name: string, extra: Record<string, unknown> = {}, capabilities: object = ALL) {
  return call(server, 'tools/call', { name, arguments: {}, _meta: meta({}, capabilities), ...extra });
}

describe('input_required results (S-53..S-55)', () => {
  it('S-55: round 1 asks with inputRequests and a requestState; resultType is explicit', async () => {
    const { server } = newServer();
    const { result, messages } = await tool(server, 'test_input_required_result_elicitation');
    expect(result).toEqual({
      resultType: 'input_required',
      inputRequests: {
        user_name: {
          method: 'elicitation/create',
          params: { message: 'What is your name?', requestedSchema: nameForm },
        },
      },
      requestState: expect.stringMatching(/^v1\./),
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mrtr-test', version: '1.0.0' } },
    });
    // S-7: the server asks inside a result, never with a JSON-RPC request of its own.
    expect(messages.every((m) => !('method' in m && 'id' in m))).toBe(true);
  });

  it('round 2 with the answer and the echoed state completes, the answer typed by the form', async () => {
    const { server } = newServer();
    const r1 = await tool(server, 'test_input_required_result_elicitation');
    const r2 = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: accept({ name: 'Alice' }) },
      requestState: r1.result?.requestState,
    });
    expect(r2.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'Hello, Alice!' }],
    });
  });

  it('S-78: a declined elicitation reaches the handler', async () => {
    const { server } = newServer();
    const r1 = await tool(server, 'test_input_required_result_elicitation');
    const r2 = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: { action: 'decline' } },
      requestState: r1.result?.requestState,
    });
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'No name given' }]);
  });

  it('sampling and roots round trips', async () => {
    const { server } = newServer();
    const s1 = await tool(server, 'test_input_required_result_sampling');
    expect(s1.result?.inputRequests).toEqual({
      capital_question: {
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
          maxTokens: 100,
        },
      },
    });
    const s2 = await tool(server, 'test_input_required_result_sampling', {
      inputResponses: { capital_question: samplingAnswer('Paris') },
      requestState: s1.result?.requestState,
    });
    expect(s2.result?.content).toEqual([{ type: 'text', text: '{"type":"text","text":"Paris"}' }]);
    const r1 = await tool(server, 'test_input_required_result_list_roots');
    expect(r1.result?.inputRequests).toEqual({ client_roots: { method: 'roots/list', params: {} } });
    const r2 = await tool(server, 'test_input_required_result_list_roots', {
      inputResponses: { client_roots: rootsAnswer },
      requestState: r1.result?.requestState,
    });
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'file:///test/root' }]);
  });

  it('C-49, S-60: a roots answer with a root that is not a file:// URI is malformed (-32602)', async () => {
    const { server } = newServer();
    const r1 = await tool(server, 'test_input_required_result_list_roots');
    for (const uri of ['zz', 'https://example.com/repo', 'FILE:/x']) {
      const outcome = await tool(server, 'test_input_required_result_list_roots', {
        inputResponses: { client_roots: { roots: [{ uri: 'file:///ok' }, { uri }] } },
        requestState: r1.result?.requestState,
      });
      expect(outcome.error, uri).toEqual({
        code: -32602,
        message: 'inputResponses["client_roots"].roots[1].uri must be a file:// URI',
      });
    }
  });

  it('S-54: several inputs in one round, unique keys; all answered completes', async () => {
    const { server } = newServer();
    const r1 = await tool(server, 'test_input_required_result_multiple_inputs');
    expect(Object.keys(r1.result?.inputRequests as object)).toEqual([
      'user_name',
      'greeting',
      'client_roots',
    ]);
    const methods = Object.values(r1.result?.inputRequests as Record<string, { method: string }>).map(
      (r) => r.method,
    );
    expect(methods).toEqual(['elicitation/create', 'sampling/createMessage', 'roots/list']);
    const r2 = await tool(server, 'test_input_required_result_multiple_inputs', {
      inputResponses: {
        user_name: accept({ name: 'Alice' }),
        greeting: samplingAnswer('Hi'),
        client_roots: rootsAnswer,
      },
      requestState: r1.result?.requestState,
    });
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'Alice test-model 1' }]);
  });

  it('several questions asked in parallel (Promise.all) go out in one round', async () => {
    const { server } = newServer();
    const r1 = await tool(server, 'parallel');
    expect(Object.keys(r1.result?.inputRequests as object)).toEqual(['a', 'b']);
    const r2 = await tool(server, 'parallel', {
      inputResponses: { a: { action: 'cancel' }, b: rootsAnswer },
      requestState: r1.result?.requestState,
    });
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'cancel 1' }]);
  });

  it('a three-round flow reads as straight-line code; earlier answers replay from the signed state', async () => {
    const { server } = newServer();
    const name = 'test_input_required_result_multi_round';
    const r1 = await tool(server, name);
    expect(Object.keys(r1.result?.inputRequests as object)).toEqual(['step1']);
    const r2 = await tool(server, name, {
      inputResponses: { step1: accept({ name: 'Alice' }) },
      requestState: r1.result?.requestState,
    });
    expect(Object.keys(r2.result?.inputRequests as object)).toEqual(['step2']);
    expect(r2.result?.requestState).not.toBe(r1.result?.requestState);
    const r3 = await tool(server, name, {
      inputResponses: { step2: accept({ color: 'blue' }) },
      requestState: r2.result?.requestState,
    });
    expect(Object.keys(r3.result?.inputRequests as object)).toEqual(['step3']);
    const r4 = await tool(server, name, {
      inputResponses: { step3: accept({ size: 'M' }) },
      requestState: r3.result?.requestState,
    });
    expect(r4.result?.content).toEqual([
      { type: 'text', text: '{"name":"Alice"} {"color":"blue"} {"size":"M"}' },
    ]);
  });

  it('once() computes a value in the first round and replays it afterwards', async () => {
    const { server, runs } = newServer();
    const name = 'test_input_required_result_request_state';
    const r1 = await tool(server, name);
    const r2 = await tool(server, name, {
      inputResponses: { confirm: accept({ ok: true }) },
      requestState: r1.result?.requestState,
    });
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'state-ok n-1' }]);
    expect(runs.once).toBe(1);
  });

  it('once() beside a question in Promise.all runs once: the round waits for it before sealing the state', async () => {
    const server = new McpServer({ name: 'once', version: '1' }, { onError: () => {} });
    let computed = 0;
    server.tool('quote_and_confirm', {}, async (_, ctx) => {
      const [quote, answer] = await Promise.all([
        ctx.once('quote', async () => {
          computed++;
          // Still running when the question beside it ends the handler's wait.
          await new Promise((resolve) => setTimeout(resolve, 0));
          return `quote ${computed}`;
        }),
        ctx.elicit('confirm', nameFormParams),
      ]);
      return { content: [{ type: 'text', text: `${quote} ${answer.action}` }] };
    });
    const r1 = await tool(server, 'quote_and_confirm');
    expect(r1.result?.resultType).toBe('input_required');
    const r2 = await tool(server, 'quote_and_confirm', {
      inputResponses: { confirm: accept({ name: 'Ada' }) },
      requestState: r1.result?.requestState,
    });
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'quote 1 accept' }]);
    expect(computed).toBe(1);
  });

  it('once() keeps undefined as undefined, in the first round and on the retry', async () => {
    const server = new McpServer({ name: 'once', version: '1' }, { onError: () => {} });
    const seen: unknown[] = [];
    let computed = 0;
    server.tool('nothing_yet', {}, async (_, ctx) => {
      seen.push(
        await ctx.once('maybe', () => {
          computed++;
          return undefined;
        }),
      );
      await ctx.elicit('confirm', nameFormParams);
      return { content: [] };
    });
    const r1 = await tool(server, 'nothing_yet');
    await tool(server, 'nothing_yet', {
      inputResponses: { confirm: accept({ name: 'Ada' }) },
      requestState: r1.result?.requestState,
    });
    expect(seen).toEqual([undefined, undefined]);
    expect(computed).toBe(1);
  });

  it('once() calls with one key in one run share one computation; a failed one runs again', async () => {
    const server = new McpServer({ name: 'once', version: '1' }, { onError: () => {} });
    let computed = 0;
    server.tool('twice', {}, async (_, ctx) => {
      const compute = async () => ++computed;
      const [a, b] = await Promise.all([ctx.once('n', compute), ctx.once('n', compute)]);
      await ctx
        .once('flaky', () => {
          throw new Error('first try fails');
        })
        .catch(() => {});
      const retried = await ctx.once('flaky', () => 'second try');
      return { content: [{ type: 'text', text: `${a} ${b} ${retried}` }] };
    });
    expect((await tool(server, 'twice')).result?.content).toEqual([{ type: 'text', text: '1 1 second try' }]);
  });

  it('S-37, S-30: prompts/get and resources/read may ask for input too', async () => {
    const { server } = newServer();
    const p1 = await call(server, 'prompts/get', {
      name: 'test_input_required_result_prompt',
      _meta: meta({}, ALL),
    });
    expect(p1.result?.resultType).toBe('input_required');
    const p2 = await call(server, 'prompts/get', {
      name: 'test_input_required_result_prompt',
      inputResponses: { user_context: accept({ context: 'test context' }) },
      requestState: p1.result?.requestState,
      _meta: meta({}, ALL),
    });
    expect(p2.result?.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Context: test context' } },
    ]);
    const d1 = await call(server, 'resources/read', { uri: 'secret://doc', _meta: meta({}, ALL) });
    const d2 = await call(server, 'resources/read', {
      uri: 'secret://doc',
      inputResponses: { password_ok: accept({ allow: true }) },
      requestState: d1.result?.requestState,
      _meta: meta({}, ALL),
    });
    expect(d2.result).toMatchObject({ contents: [{ uri: 'secret://doc', text: 'contents' }], ttlMs: 0 });
  });

  it('S-53: no other method ever answers input_required', async () => {
    const { server } = newServer();
    for (const method of ['tools/list', 'prompts/list', 'resources/list', 'server/discover']) {
      expect((await call(server, method, { _meta: meta({}, ALL) })).result?.resultType, method).toBe(
        'complete',
      );
    }
    server.use(async (request) => {
      if (request.method === 'tools/list')
        return { resultType: 'input_required', requestState: 'x' } as never;
      return request.next();
    });
    expect((await call(server, 'tools/list')).error?.code).toBe(-32603);
  });

  it('P-73, S-54, S-56: an input_required result made by middleware is checked like one made through ctx', async () => {
    const { server } = newServer();
    let made: Record<string, unknown> = {};
    server.use(async (request) => (request.method === 'tools/call' ? (made as never) : request.next()));
    const answer = async (result: Record<string, unknown>, capabilities: object = ALL) => {
      made = { resultType: 'input_required', ...result };
      return tool(server, 'test_input_required_result_elicitation', {}, capabilities);
    };
    const question = { method: 'elicitation/create', params: nameFormParams };
    expect((await answer({})).error?.message).toMatch(/needs inputRequests or requestState \(P-73\)/);
    expect((await answer({ requestState: 7 })).error?.code).toBe(-32603);
    expect((await answer({ inputRequests: { q: { method: 'ping' } } })).error?.message).toMatch(/\(S-54\)$/);
    const secret = {
      method: 'elicitation/create',
      params: {
        message: 'Key?',
        requestedSchema: { type: 'object', properties: { apiKey: { type: 'string' } } },
      },
    };
    expect((await answer({ inputRequests: { q: secret } })).error?.message).toMatch(/S-73/);
    const undeclared = await answer({ inputRequests: { q: question } }, { sampling: {} });
    expect(undeclared.error).toMatchObject({
      code: -32021,
      message: 'Server requires the elicitation capability for this request',
      data: { requiredCapabilities: { elicitation: {} } },
    });
    const fine = await answer({ inputRequests: { q: question }, requestState: 'opaque' });
    expect(fine.result).toMatchObject({ resultType: 'input_required', inputRequests: { q: question } });
    expect((await answer({ requestState: 'only a state' })).result?.resultType).toBe('input_required');
  });

  it('S-60: a malformed answer is an error even while another question of the round is unanswered', async () => {
    const { server } = newServer();
    const malformed = { a: accept({ name: 5 }) };
    const outcome = await tool(server, 'parallel', { inputResponses: malformed });
    expect(outcome.error?.code).toBe(-32602);
    const reversed = await tool(server, 'parallel_reversed', { inputResponses: malformed });
    expect(reversed.error?.code).toBe(-32602);
  });

  it('a handler that swallows the question still answers input_required', async () => {
    const { server } = newServer();
    expect((await tool(server, 'swallows')).result?.resultType).toBe('input_required');
  });

  it('S-54: a malformed question is a server fault (-32603), never sent; the message names its key', async () => {
    const { server } = newServer();
    const { error } = await tool(server, 'bad_question');
    expect(error?.code).toBe(-32603);
    expect(error?.message).toMatch(
      /^inputRequests\["q"\] is not an elicitation\/create, .* request \(S-54\)$/,
    );
  });
});

describe('answers (S-59, S-60)', () => {
  it('S-60: answers without a state are this round’s answers; unknown extra keys are ignored', async () => {
    const { server } = newServer();
    const outcome = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: {
        user_name: accept({ name: 'Alice' }),
        unknown_extra_key: { action: 'accept', content: { foo: 'bar' } },
        another_unexpected: { action: 'accept', content: { baz: 123 } },
      },
    });
    expect(outcome.result?.content).toEqual([{ type: 'text', text: 'Hello, Alice!' }]);
  });

  it('S-59, S-60: a missing answer asks again instead of failing', async () => {
    const { server } = newServer();
    const outcome = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { wrong_key: accept({ data: 'wrong' }) },
    });
    expect(outcome.result?.resultType).toBe('input_required');
    expect(Object.keys(outcome.result?.inputRequests as object)).toEqual(['user_name']);
  });

  it('S-60: with a state, only the keys it asked for count; earlier answers cannot be replaced', async () => {
    const { server } = newServer();
    const name = 'test_input_required_result_multi_round';
    const r1 = await tool(server, name);
    const r2 = await tool(server, name, {
      inputResponses: { step1: accept({ name: 'Alice' }) },
      requestState: r1.result?.requestState,
    });
    const r3 = await tool(server, name, {
      inputResponses: {
        step1: accept({ name: 'Mallory' }),
        step2: accept({ color: 'red' }),
        step3: accept({ size: 'L' }),
      },
      requestState: r2.result?.requestState,
    });
    expect(Object.keys(r3.result?.inputRequests as object)).toEqual(['step3']);
    const r4 = await tool(server, name, {
      inputResponses: { step3: accept({ size: 'L' }) },
      requestState: r3.result?.requestState,
    });
    expect(r4.result?.content).toEqual([
      { type: 'text', text: '{"name":"Alice"} {"color":"red"} {"size":"L"}' },
    ]);
  });

  it('S-60: an accepted form reaches the handler with only the fields the form asked for', async () => {
    const server = new McpServer({ name: 'strip', version: '1' }, { onError: () => {} });
    server.tool('echo_form', {}, async (_, ctx) => {
      const answer = await ctx.elicit('q', nameFormParams);
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    });
    const outcome = await tool(server, 'echo_form', {
      inputResponses: {
        q: { action: 'accept', content: { name: 'Ada', evil: 'x' }, _meta: {} },
      },
    });
    expect(JSON.parse((outcome.result!.content as Array<{ text: string }>)[0]!.text)).toEqual({
      action: 'accept',
      content: { name: 'Ada' },
      _meta: {},
    });
  });

  it('S-60: a form answer that breaks the form is refused naming the field, not the object around it', async () => {
    const { server } = newServer();
    const outcome = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: accept({ name: 5 }) },
    });
    expect(outcome.error?.message).toBe(
      'Invalid inputResponses["user_name"].content: #/name: Instance type "number" is invalid. Expected "string".',
    );
  });

  it('S-59: asking a key again after using its answer asks anew, so a handler can loop until an answer suits it', async () => {
    const server = new McpServer({ name: 'loop', version: '1' }, { onError: () => {} });
    const numberForm = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } as const;
    const seen: number[][] = [];
    server.tool('even', {}, async (_, ctx) => {
      const tried: number[] = [];
      seen.push(tried);
      for (;;) {
        // Guards the test: the old engine replayed the used answer at once, forever.
        if (tried.length > 10) throw new Error('the same answer came back again and again');
        const answer = await ctx.elicit('n', { message: 'An even number?', requestedSchema: numberForm });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'no number' }] };
        tried.push(answer.content.n);
        if (answer.content.n % 2 === 0)
          return { content: [{ type: 'text', text: `got ${answer.content.n}` }] };
      }
    });
    const r1 = await tool(server, 'even');
    const r2 = await tool(server, 'even', {
      inputResponses: { n: accept({ n: 3 }) },
      requestState: r1.result?.requestState,
    });
    expect(r2.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { n: expect.any(Object) },
    });
    const r3 = await tool(server, 'even', {
      inputResponses: { n: accept({ n: 4 }) },
      requestState: r2.result?.requestState,
    });
    expect(r3.result?.content).toEqual([{ type: 'text', text: 'got 4' }]);
    // Every run replays the answers before in the order it asked: 3, then 4.
    expect(seen).toEqual([[], [3], [3, 4]]);
  });

  it('S-54, S-60: a key asked with two different questions in one run is a server fault (-32603), side by side or in turn', async () => {
    const server = new McpServer({ name: 'reuse', version: '1' }, { onError: () => {} });
    const question = {
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }],
      maxTokens: 5,
    };
    server.tool('side_by_side', {}, async (_, ctx) => {
      const [answer, sample] = await Promise.all([
        ctx.elicit('q', nameFormParams),
        ctx.sample('q', question),
      ]);
      return { content: [{ type: 'text', text: `${answer.action} ${sample.model}` }] };
    });
    server.tool('one_after_the_other', {}, async (_, ctx) => {
      await ctx.elicit('q', nameFormParams);
      await ctx.elicit('q', { message: 'Your age?', requestedSchema: nameForm });
      return { content: [] };
    });
    const parallel = await tool(server, 'side_by_side');
    expect(parallel.error).toEqual({
      code: -32603,
      message: 'Input key "q" reused for a different question',
    });
    const answered = await tool(server, 'side_by_side', { inputResponses: { q: accept({ name: 'Ada' }) } });
    expect(answered.error?.code).toBe(-32603);
    const sequential = await tool(server, 'one_after_the_other', {
      inputResponses: { q: accept({ name: 'Ada' }) },
    });
    expect(sequential.error?.code).toBe(-32603);
  });

  it.each([
    ['a number instead of an object', { user_name: 12345 }],
    ['null', null],
    ['an answer of the wrong kind', { user_name: samplingAnswer('x') }],
    ['content that breaks the form', { user_name: accept({ name: 5 }) }],
    ['content missing a required field', { user_name: accept({}) }],
    ['an unknown action', { user_name: { action: 'maybe' } }],
  ])('S-60: %s is a JSON-RPC error (-32602), not a result', async (_, inputResponses) => {
    const { server } = newServer();
    const outcome = await tool(server, 'test_input_required_result_elicitation', { inputResponses });
    expect(outcome.error?.code).toBe(-32602);
  });
});

describe('input keys', () => {
  it.each(['__proto__', 'constructor'])(
    'P-74: %s is an input key and a once key like any other',
    async (key) => {
      const server = new McpServer({ name: 'keys', version: '1' }, { onError: () => {} });
      let computed = 0;
      const question = elicitation(nameFormParams);
      server.tool('via_ask', {}, async (_, ctx) => {
        const stamp = await ctx.once(key, () => ++computed);
        const answer = (await ctx.ask({ [key]: question }))[key] as AnswerOf<typeof question>;
        return { content: [{ type: 'text', text: `${answer.action} ${stamp}` }] };
      });
      server.tool('via_elicit', {}, async (_, ctx) => {
        const answer = await ctx.elicit(key, nameFormParams);
        return { content: [{ type: 'text', text: answer.action === 'accept' ? answer.content.name : '-' }] };
      });
      const answered = JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(accept({ name: 'Ada' }))}}`);
      for (const [name, text] of [
        ['via_ask', 'accept 1'],
        ['via_elicit', 'Ada'],
      ]) {
        const r1 = await tool(server, name!);
        expect(Object.keys(r1.result?.inputRequests as object), name).toEqual([key]);
        const r2 = await tool(server, name!, {
          inputResponses: answered,
          requestState: r1.result?.requestState,
        });
        expect(r2.result?.content, name).toEqual([{ type: 'text', text }]);
      }
      expect(computed).toBe(1);
    },
  );
});

describe('client capabilities (S-56)', () => {
  it('S-56: asking for input the request did not declare is -32021 with requiredCapabilities', async () => {
    const { server } = newServer();
    const cases: Array<[string, object, object]> = [
      ['test_input_required_result_elicitation', {}, { elicitation: {} }],
      ['test_input_required_result_elicitation', { elicitation: { url: {} } }, { elicitation: { form: {} } }],
      ['url_sign_in', { elicitation: {} }, { elicitation: { url: {} } }],
      ['test_input_required_result_sampling', { elicitation: {} }, { sampling: {} }],
      ['test_input_required_result_list_roots', { sampling: {} }, { roots: {} }],
    ];
    for (const [name, declared, required] of cases) {
      const outcome = await tool(server, name, {}, declared);
      expect(outcome.error, name).toMatchObject({ code: -32021, data: { requiredCapabilities: required } });
      expect(outcome.status).toBe(400);
    }
  });

  it('S-56: the spec example message for a missing elicitation capability', async () => {
    const { server } = newServer();
    const outcome = await tool(server, 'test_input_required_result_elicitation', {}, {});
    expect(outcome.error?.message).toBe('Server requires the elicitation capability for this request');
  });

  it('canAsk() lets a handler fall back to what the client supports', async () => {
    const { server } = newServer();
    const outcome = await tool(server, 'test_input_required_result_capabilities', {}, { sampling: {} });
    const requests = Object.values(outcome.result?.inputRequests as Record<string, { method: string }>);
    expect(requests.map((r) => r.method)).toEqual(['sampling/createMessage']);
  });

  it('URL mode is asked for when declared', async () => {
    const { server } = newServer();
    const r1 = await tool(server, 'url_sign_in', {}, { elicitation: { url: {} } });
    expect(r1.result?.inputRequests).toEqual({
      sign_in: {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Sign in', url: 'https://example.com/auth' },
      },
    });
    const r2 = await tool(
      server,
      'url_sign_in',
      { inputResponses: { sign_in: { action: 'accept' } }, requestState: r1.result?.requestState },
      { elicitation: { url: {} } },
    );
    expect(r2.result?.content).toEqual([{ type: 'text', text: 'accept' }]);
  });

  it('S-3: a capability dropped on a retry fails the next question with -32021', async () => {
    const { server } = newServer();
    const name = 'test_input_required_result_multi_round';
    const r1 = await tool(server, name);
    const r2 = await tool(
      server,
      name,
      { inputResponses: { step1: accept({ name: 'A' }) }, requestState: r1.result?.requestState },
      {},
    );
    expect(r2.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
  });
});

describe('requestState (S-57, S-58)', () => {
  async function firstRound(server: Server, auth?: { principal: string }) {
    const r1 = await tool(server, 'test_input_required_result_elicitation', {}, ALL);
    if (auth) {
      return call(
        server,
        'tools/call',
        { name: 'test_input_required_result_elicitation', arguments: {}, _meta: meta({}, ALL) },
        { auth },
      );
    }
    return r1;
  }

  it('S-57: a change at any position of the state is -32602 and never reaches the handler', async () => {
    const { server, runs } = newServer();
    const state = (await firstRound(server)).result?.requestState as string;
    const before = runs.elicitation;
    for (let i = 0; i < state.length; i++) {
      const replacement = state[i] === 'A' ? 'B' : 'A';
      const outcome = await tool(server, 'test_input_required_result_elicitation', {
        inputResponses: { user_name: accept({ name: 'Eve' }) },
        requestState: state.slice(0, i) + replacement + state.slice(i + 1),
      });
      expect(outcome.error?.code, `position ${i}`).toBe(-32602);
    }
    const appended = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: accept({ name: 'Eve' }) },
      requestState: `${state}-TAMPERED`,
    });
    expect(appended.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid requestState/),
    });
    expect(runs.elicitation).toBe(before);
  });

  it('S-58: an expired state is -32602', async () => {
    let now = 1_000_000;
    const { server, runs } = newServer({ requestState: { ttlMs: 60_000, now: () => now } });
    const state = (await firstRound(server)).result?.requestState;
    now += 60_000;
    const before = runs.elicitation;
    const outcome = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: accept({ name: 'Late' }) },
      requestState: state,
    });
    expect(outcome.error).toEqual({ code: -32602, message: 'Invalid requestState: expired' });
    expect(runs.elicitation).toBe(before);
  });

  it('S-58: a state is bound to the caller, the method and the params', async () => {
    const { server } = newServer();
    const alice = { principal: 'alice' };
    const r1 = await firstRound(server, alice);
    const retry = (params: Record<string, unknown>, auth?: { principal: string }) =>
      call(
        server,
        'tools/call',
        { arguments: {}, _meta: meta({}, ALL), requestState: r1.result?.requestState, ...params },
        auth ? { auth } : {},
      );
    const name = 'test_input_required_result_elicitation';
    const answer = { inputResponses: { user_name: accept({ name: 'Alice' }) } };
    expect((await retry({ name, ...answer }, { principal: 'bob' })).error?.message).toMatch(/another caller/);
    expect((await retry({ name, ...answer })).error?.message).toMatch(/another caller/);
    expect((await retry({ name, ...answer, arguments: { extra: 1 } }, alice)).error?.message).toMatch(
      /other params/,
    );
    expect((await retry({ name: 'test_input_required_result_sampling' }, alice)).error?.message).toMatch(
      /other params/,
    );
    const onPrompt = await call(
      server,
      'prompts/get',
      {
        name: 'test_input_required_result_prompt',
        requestState: r1.result?.requestState,
        _meta: meta({}, ALL),
      },
      { auth: alice },
    );
    expect(onPrompt.error?.message).toMatch(/another method/);
    expect((await retry({ name, ...answer }, alice)).result?.content).toEqual([
      { type: 'text', text: 'Hello, Alice!' },
    ]);
  });

  it('S-57: a state from another server instance (its own random key) is refused', async () => {
    const a = newServer().server;
    const b = newServer().server;
    const state = (await firstRound(a)).result?.requestState;
    const outcome = await tool(b, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: accept({ name: 'X' }) },
      requestState: state,
    });
    expect(outcome.error?.code).toBe(-32602);
  });

  it('key rotation mid-flow: instances sharing keys accept each other’s states; the old key retires later', async () => {
    const k1 = { id: 'k1', secret: 'k1-secret-k1-secret-k1-secret-k1-secret' };
    const k2 = { id: 'k2', secret: 'k2-secret-k2-secret-k2-secret-k2-secret' };
    const old = newServer({ requestState: { keys: [k1] } }).server;
    const rotated = newServer({ requestState: { keys: [k2, k1] } }).server;
    const retired = newServer({ requestState: { keys: [k2] } }).server;
    const name = 'test_input_required_result_multi_round';
    const r1 = await tool(old, name);
    const r2 = await tool(rotated, name, {
      inputResponses: { step1: accept({ name: 'A' }) },
      requestState: r1.result?.requestState,
    });
    expect(String(r2.result?.requestState).split('.')[1]).toBe('k2');
    const r3 = await tool(retired, name, {
      inputResponses: { step2: accept({ color: 'c' }) },
      requestState: r2.result?.requestState,
    });
    expect(Object.keys(r3.result?.inputRequests as object)).toEqual(['step3']);
    const stale = await tool(retired, name, {
      inputResponses: { step1: accept({ name: 'A' }) },
      requestState: r1.result?.requestState,
    });
    expect(stale.error?.code).toBe(-32602);
  });

  it('S-57: arguments nested deeper than the stack allows are -32602 when a round binds to them, not a server fault', async () => {
    const onError = vi.fn();
    const server = new McpServer({ name: 'deep', version: '1' }, { onError });
    server.tool('ask', { inputSchema: { type: 'object' } }, async (_, ctx) => {
      await ctx.elicit('q', { message: 'Name?', requestedSchema: nameForm });
      return { content: [] };
    });
    // Built as text and parsed, as a transport would: JSON.stringify itself cannot go this deep.
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`);
    const message = request('tools/call', { name: 'ask', arguments: { deep }, _meta: meta({}, ALL) });
    const [response] = await drain(
      server.handle(message, { transport: 'memory', signal: new AbortController().signal }),
    );
    expect(response).toMatchObject({ error: { code: -32602, message: 'The params nest too deeply' } });
    expect(onError).not.toHaveBeenCalled();
  });

  it('the state is verified before middleware and the handler run', async () => {
    const { server, runs } = newServer();
    const middleware = vi.fn((request: Parameters<Parameters<Server['use']>[0]>[0]) => request.next());
    server.use(middleware);
    const before = runs.elicitation;
    const outcome = await tool(server, 'test_input_required_result_elicitation', {
      requestState: 'v1.local.e30.AAAA',
    });
    expect(outcome.error?.code).toBe(-32602);
    expect(middleware).not.toHaveBeenCalled();
    expect(runs.elicitation).toBe(before);
  });

  it('fuzz: mutated states and answers never reach the handler unverified and never crash the server', async () => {
    const { server } = newServer();
    const seenByHandler: unknown[] = [];
    server.tool('guarded', {}, async (_, ctx) => {
      const answer = await ctx.elicit('q', { message: 'Name?', requestedSchema: nameForm });
      seenByHandler.push(answer);
      return { content: [] };
    });
    const r1 = await tool(server, 'guarded');
    const state = r1.result?.requestState as string;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(state),
          fc.string(),
          fc
            .nat({ max: state.length - 1 })
            .chain((i) =>
              fc
                .string({ minLength: 1, maxLength: 3 })
                .map((s) => state.slice(0, i) + s + state.slice(i + 1)),
            ),
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ q: fc.jsonValue() }),
          fc.constant({ q: accept({ name: 'ok' }) }),
        ),
        async (requestState, inputResponses) => {
          const count = seenByHandler.length;
          const outcome = await tool(server, 'guarded', { requestState, inputResponses });
          expect(outcome.response).toBeDefined();
          if (outcome.error) {
            expect(outcome.error.code).toBe(-32602);
            expect(seenByHandler.length).toBe(count);
            return;
          }
          expect(requestState).toBe(state);
          if (outcome.result?.resultType === 'complete') {
            const seen = seenByHandler.at(-1) as { action: string; content?: { name?: unknown } };
            if (seen.action === 'accept') expect(typeof seen.content?.name).toBe('string');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
