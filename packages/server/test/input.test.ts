import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { call, meta } from './helpers.js';
import {
  ALL,
  accept,
  nameForm,
  nameFormParams,
  newServer,
  retried,
  rootsAnswer,
  samplingAnswer,
  tool,
} from './input-server.js';

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
    server.use(async (request, next) => {
      if (request.method === 'tools/list')
        return { resultType: 'input_required', requestState: 'x' } as never;
      return next();
    });
    expect((await call(server, 'tools/list')).error?.code).toBe(-32603);
  });

  it('P-73, S-54, S-56: an input_required result made by middleware is checked like one made through ctx', async () => {
    const { server } = newServer();
    let made: Record<string, unknown> = {};
    server.use(async (request, next) => (request.method === 'tools/call' ? (made as never) : next()));
    const answer = async (result: Record<string, unknown>, capabilities: object = ALL) => {
      made = { resultType: 'input_required', ...result };
      return tool(server, 'test_input_required_result_elicitation', {}, capabilities);
    };
    const question = { method: 'elicitation/create', params: nameFormParams };
    expect((await answer({})).error?.message).toMatch(/needs inputRequests or requestState$/);
    expect((await answer({ requestState: 7 })).error?.code).toBe(-32603);
    expect((await answer({ inputRequests: { q: { method: 'ping' } } })).error?.message).toMatch(
      /is not an elicitation\/create, sampling\/createMessage or roots\/list request$/,
    );
    const secret = {
      method: 'elicitation/create',
      params: {
        message: 'Key?',
        requestedSchema: { type: 'object', properties: { apiKey: { type: 'string' } } },
      },
    };
    expect((await answer({ inputRequests: { q: secret } })).error?.message).toMatch(
      /must not ask for secrets such as "apiKey"; use URL mode$/,
    );
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
    const outcome = await retried(server, 'parallel', malformed);
    expect(outcome.error?.code).toBe(-32602);
    const reversed = await retried(server, 'parallel_reversed', malformed);
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
    expect(error?.message).toMatch(/^inputRequests\["q"\] is not an elicitation\/create, .* request$/);
  });
});
