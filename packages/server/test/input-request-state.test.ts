import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { McpServer, type ServerMiddleware } from '../src/index.js';
import { call, drain, meta, request } from './helpers.js';
import { ALL, accept, nameForm, newServer, type Server, tool } from './input-server.js';

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
    const middleware = vi.fn<ServerMiddleware>((_ctx, next) => next());
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
