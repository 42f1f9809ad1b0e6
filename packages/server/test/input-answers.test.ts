import { describe, expect, it } from 'vitest';
import { type AnswerOf, elicitation, McpServer } from '../src/index.js';
import {
  accept,
  nameForm,
  nameFormParams,
  newServer,
  retried,
  samplingAnswer,
  tool,
} from './input-server.js';

describe('answers (S-59, S-60)', () => {
  it('answers for questions never asked are not used: without a requestState every answer is ignored', async () => {
    const { server } = newServer();
    const preAnswered = await tool(server, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: accept({ name: 'Alice' }) },
    });
    expect(preAnswered.result?.resultType).toBe('input_required');
    expect(Object.keys(preAnswered.result?.inputRequests as object)).toEqual(['user_name']);
    const multi = await tool(server, 'test_input_required_result_multi_round', {
      inputResponses: {
        step1: accept({ name: 'A' }),
        step2: accept({ color: 'red' }),
        step3: accept({ size: 'L' }),
      },
    });
    expect(Object.keys(multi.result?.inputRequests as object)).toEqual(['step1']);
  });

  it('S-60: unknown extra keys beside the asked ones are ignored', async () => {
    const { server } = newServer();
    const outcome = await retried(server, 'test_input_required_result_elicitation', {
      user_name: accept({ name: 'Alice' }),
      unknown_extra_key: { action: 'accept', content: { foo: 'bar' } },
      another_unexpected: { action: 'accept', content: { baz: 123 } },
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
    const outcome = await retried(server, 'echo_form', {
      q: { action: 'accept', content: { name: 'Ada', evil: 'x' }, _meta: {} },
    });
    expect(JSON.parse((outcome.result!.content as Array<{ text: string }>)[0]!.text)).toEqual({
      action: 'accept',
      content: { name: 'Ada' },
      _meta: {},
    });
  });

  it('S-60: a form answer that breaks the form is refused naming the field, not the object around it', async () => {
    const { server } = newServer();
    const outcome = await retried(server, 'test_input_required_result_elicitation', {
      user_name: accept({ name: 5 }),
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
    const sequential = await retried(server, 'one_after_the_other', { q: accept({ name: 'Ada' }) });
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
    const outcome = await retried(server, 'test_input_required_result_elicitation', inputResponses);
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
