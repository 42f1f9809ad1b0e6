import type { InputRequests } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { client, confirm, done, type P, paramsOf } from './helpers/input-rounds.js';
import { deferred, progress } from './helpers/mock-server.js';

describe('multi round-trip requests (client fulfilment)', () => {
  it('C-3, C-24, C-25, C-26: fulfils, then retries as a new request echoing requestState exactly', async () => {
    const state = 'opaque\u00e9 "state" \\ \ud83d\ude00 =?base64?x?=';
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).inputResponses
          ? done('ok')
          : { resultType: 'input_required', inputRequests: confirm, requestState: state },
    });
    expect(await c.callTool('t', { a: 1 })).toEqual(done('ok'));
    const [first, retry] = server.calls('tools/call');
    expect(retry!.id).not.toBe(first!.id);
    // C-3: the retry declares the same capabilities and carries the same per-request fields.
    expect((retry!.params as { _meta: unknown })._meta).toEqual((first!.params as { _meta: unknown })._meta);
    expect(
      (retry!.params as { _meta: Record<string, unknown> })._meta[
        'io.modelcontextprotocol/clientCapabilities'
      ],
    ).toEqual({
      elicitation: { form: {} },
    });
    const { _meta, ...params } = paramsOf(retry!) as P & { _meta: unknown };
    expect(params).toEqual({
      name: 't',
      arguments: { a: 1 },
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: state,
    });
  });

  it('P-80 C-6: progress seen by onProgress only rises across rounds, though each round starts over', async () => {
    const { client: c } = client({
      'tools/call': async function* (request) {
        const answered = paramsOf(request).inputResponses !== undefined;
        for (const value of answered ? [1, 2, 3] : [1]) yield progress(request.id, value, 3);
        const result = answered ? done('ok') : { resultType: 'input_required', inputRequests: confirm };
        yield { jsonrpc: '2.0', id: request.id, result };
      },
    });
    const seen: number[] = [];
    const result = await c.callTool('t', {}, { onProgress: ({ progress: value }) => seen.push(value) });
    expect(result).toEqual(done('ok'));
    expect(seen).toEqual([1, 2, 3]);
  });

  it('C-25: requestState is echoed byte for byte, whatever it holds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 64 }), async (state) => {
        let echoed: string | undefined;
        const { client: c } = client({
          'tools/call': (request) => {
            const p = paramsOf(request);
            if (p.inputResponses === undefined)
              return { resultType: 'input_required', inputRequests: confirm, requestState: state };
            echoed = p.requestState;
            return done('ok');
          },
        });
        await c.callTool('t');
        expect(echoed).toBe(state);
      }),
      { numRuns: 50 },
    );
  });

  it('C-25: without requestState in the result, the retry carries none', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).inputResponses
          ? done('ok')
          : { resultType: 'input_required', inputRequests: confirm },
    });
    await c.callTool('t');
    expect(paramsOf(server.calls('tools/call')[1]!)).not.toHaveProperty('requestState');
  });

  it('C-24: with requestState only, the client retries at once without inputResponses', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).requestState === 's'
          ? done('ok')
          : { resultType: 'input_required', requestState: 's' },
    });
    await c.callTool('t');
    const retry = paramsOf(server.calls('tools/call')[1]!);
    expect(retry.requestState).toBe('s');
    expect(retry).not.toHaveProperty('inputResponses');
  });

  it('C-27: a call continued by the application (auto mode) sends later rounds without its answers', async () => {
    const { server, client: c } = client({
      'tools/call': (request) =>
        paramsOf(request).requestState === 'S2'
          ? done('ok')
          : { resultType: 'input_required', requestState: 'S2' },
    });
    const continuation = { confirm: { action: 'accept' as const, content: { ok: true } } };
    const result = await c.callTool('t', { a: 1 }, { inputResponses: continuation, requestState: 'S1' });
    expect(result).toEqual(done('ok'));
    const [first, retry] = server.calls('tools/call').map((request) => {
      const { _meta, ...params } = paramsOf(request) as P & { _meta: unknown };
      return params;
    });
    expect(first).toEqual({
      name: 't',
      arguments: { a: 1 },
      inputResponses: continuation,
      requestState: 'S1',
    });
    expect(retry).toEqual({ name: 't', arguments: { a: 1 }, requestState: 'S2' });
  });

  it('three rounds: each retry carries only the latest answers and state', async () => {
    const { server, client: c } = client(
      {
        'tools/call': (request) => {
          const p = paramsOf(request);
          const round = p.requestState === undefined ? 1 : Number(p.requestState.slice(1)) + 1;
          if (round === 4) return done('done');
          return {
            resultType: 'input_required',
            inputRequests: {
              [`q${round}`]: {
                method: 'elicitation/create',
                params: { message: `Q${round}`, requestedSchema: { type: 'object', properties: {} } },
              },
            },
            requestState: `r${round}`,
          };
        },
      },
      {
        handlers: {
          elicitation: { form: (request) => ({ action: 'accept', content: { said: request.message } }) },
        },
      },
    );
    expect(await c.callTool('t')).toEqual(done('done'));
    const calls = server.calls('tools/call').map(paramsOf);
    expect(calls.map((p) => p.requestState)).toEqual([undefined, 'r1', 'r2', 'r3']);
    expect(calls.map((p) => Object.keys(p.inputResponses ?? {}))).toEqual([[], ['q1'], ['q2'], ['q3']]);
    expect(calls[3]!.inputResponses).toEqual({ q3: { action: 'accept', content: { said: 'Q3' } } });
    expect(new Set(server.calls('tools/call').map((r) => r.id)).size).toBe(4);
  });

  it('several inputs in one round: every input is produced before the retry, keyed as asked', async () => {
    const seen: string[] = [];
    const { server, client: c } = client(
      {
        'prompts/get': (request) =>
          paramsOf(request).inputResponses
            ? { resultType: 'complete', messages: [] }
            : {
                resultType: 'input_required',
                inputRequests: {
                  who: {
                    method: 'elicitation/create',
                    params: {
                      message: 'Who?',
                      requestedSchema: { type: 'object', properties: { n: { type: 'string' } } },
                    },
                  },
                  capital: {
                    method: 'sampling/createMessage',
                    params: {
                      messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
                      maxTokens: 10,
                    },
                  },
                  where: { method: 'roots/list' },
                },
              },
      },
      {
        handlers: {
          elicitation: {
            form: (_r, context) => {
              seen.push(context.key);
              return { action: 'accept', content: { n: 'me' } };
            },
          },
          sampling: {
            createMessage: (_r, context) => {
              seen.push(context.key);
              return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' };
            },
          },
          roots: (context) => {
            seen.push(context.key);
            return [{ uri: 'file:///project', name: 'project' }];
          },
        },
      },
    );
    await c.getPrompt('p', { x: 'y' });
    expect(seen).toEqual(['who', 'capital', 'where']);
    expect(paramsOf(server.calls('prompts/get')[1]!).inputResponses).toEqual({
      who: { action: 'accept', content: { n: 'me' } },
      capital: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' },
      where: { roots: [{ uri: 'file:///project', name: 'project' }] },
    });
  });

  it('C-24, P-75: an input keyed "__proto__" is answered under that own key in the retry', async () => {
    const inputRequests = JSON.parse(
      '{"__proto__": {"method": "roots/list"}, "ok": {"method": "roots/list"}}',
    ) as InputRequests;
    const { server, client: c } = client(
      {
        'resources/read': (request) =>
          paramsOf(request).inputResponses
            ? { resultType: 'complete', contents: [] }
            : { resultType: 'input_required', inputRequests },
      },
      { handlers: { roots: () => [{ uri: 'file:///project' }] } },
    );
    await c.readResource('a://x');
    const sent = paramsOf(server.calls('resources/read')[1]!).inputResponses!;
    expect(Object.keys(sent)).toEqual(['__proto__', 'ok']);
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(sent))).toEqual(
      JSON.parse(
        '{"__proto__": {"roots": [{"uri": "file:///project"}]}, "ok": {"roots": [{"uri": "file:///project"}]}}',
      ),
    );
  });

  it('handlers learn which request asked, the key and the round', async () => {
    const contexts: unknown[] = [];
    const { client: c } = client(
      {
        'resources/read': (request) =>
          paramsOf(request).inputResponses
            ? { resultType: 'complete', ttlMs: 0, cacheScope: 'private', contents: [] }
            : { resultType: 'input_required', inputRequests: confirm },
      },
      {
        handlers: {
          elicitation: {
            form: (_r, { method, params, key, round, signal }) => {
              contexts.push({ method, params, key, round, aborted: signal.aborted });
              return { action: 'accept', content: { ok: true } };
            },
          },
        },
      },
    );
    await c.readResource('file:///r');
    expect(contexts).toEqual([
      { method: 'resources/read', params: { uri: 'file:///r' }, key: 'confirm', round: 1, aborted: false },
    ]);
  });

  it("C-27: one request's inputResponses and requestState never leak into a parallel request", async () => {
    const gate = deferred();
    const { server, client: c } = client(
      {
        'tools/call': (request) => {
          const p = paramsOf(request);
          if (p.name === 'unrelated') return done('unrelated');
          return p.inputResponses
            ? done('ok')
            : { resultType: 'input_required', inputRequests: confirm, requestState: 'secret' };
        },
      },
      {
        handlers: {
          elicitation: {
            form: async () => {
              await gate.promise;
              return { action: 'accept', content: { ok: true } };
            },
          },
        },
      },
    );
    const pending = c.callTool('mrtr');
    while (server.calls('tools/call').length === 0) await new Promise((r) => setTimeout(r, 1));
    await c.callTool('unrelated');
    gate.resolve();
    await pending;
    const unrelated = server.calls('tools/call').find((r) => paramsOf(r).name === 'unrelated')!;
    expect(paramsOf(unrelated)).not.toHaveProperty('inputResponses');
    expect(paramsOf(unrelated)).not.toHaveProperty('requestState');
  });
});
