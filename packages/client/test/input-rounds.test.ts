import { createInMemoryTransport, type InputRequests, type JSONRPCRequest } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type InputHandlers,
  InputRequiredError,
  McpClient,
  type McpClientOptions,
  RequestAbortedError,
} from '../src/index.js';
import { deferred, mockServer } from './helpers/mock-server.js';

type P = {
  name?: string;
  uri?: string;
  inputResponses?: Record<string, unknown>;
  requestState?: string;
  arguments?: unknown;
};
const paramsOf = (request: JSONRPCRequest) => request.params as P;

const confirm: InputRequests = {
  confirm: {
    method: 'elicitation/create',
    params: {
      message: 'Confirm?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    },
  },
};
const done = (text: string) => ({ resultType: 'complete', content: [{ type: 'text', text }] });
const yes: InputHandlers = { elicitation: { form: () => ({ action: 'accept', content: { ok: true } }) } };

function client(handlers: Parameters<typeof mockServer>[0], options: McpClientOptions = {}) {
  const server = mockServer(handlers, { tools: {}, prompts: {}, resources: {} });
  return {
    server,
    client: new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      handlers: yes,
      ...options,
    }),
  };
}

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

  it('C-45: an elicitation without mode goes to the form handler with mode "form"; url mode to the URL handler', async () => {
    const modes: string[] = [];
    const { client: c } = client(
      {
        'tools/call': (request) =>
          paramsOf(request).inputResponses
            ? done('ok')
            : {
                resultType: 'input_required',
                inputRequests: {
                  form: {
                    method: 'elicitation/create',
                    params: { message: 'm', requestedSchema: { type: 'object', properties: {} } },
                  },
                  link: {
                    method: 'elicitation/create',
                    params: { mode: 'url', message: 'Sign in', url: 'https://example.com/x' },
                  },
                },
              },
      },
      {
        handlers: {
          elicitation: {
            form: (request) => {
              modes.push(request.mode);
              return { action: 'accept', content: {} };
            },
            url: (request) => {
              modes.push(`${request.mode}:${request.url}`);
              return { action: 'accept' };
            },
          },
        },
      },
    );
    await c.callTool('t');
    expect(modes).toEqual(['form', 'url:https://example.com/x']);
  });

  it('C-28: a declined elicitation is sent back as the answer', async () => {
    const { server, client: c } = client(
      {
        'tools/call': (request) =>
          paramsOf(request).inputResponses
            ? done('declined')
            : { resultType: 'input_required', inputRequests: confirm },
      },
      { handlers: { elicitation: { form: () => ({ action: 'decline' }) } } },
    );
    await c.callTool('t');
    expect(paramsOf(server.calls('tools/call')[1]!).inputResponses).toEqual({
      confirm: { action: 'decline' },
    });
  });

  it('C-29: the number of rounds is capped', async () => {
    const { server, client: c } = client(
      {
        'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm, requestState: 'again' }),
      },
      { maxInputRounds: 3 },
    );
    const failure = await c.callTool('t').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InputRequiredError);
    expect((failure as InputRequiredError).reason).toBe('rounds-exceeded');
    expect(server.calls('tools/call')).toHaveLength(4);
    await expect(c.callTool('t', {}, { maxInputRounds: 0 })).rejects.toMatchObject({
      reason: 'rounds-exceeded',
    });
    expect(server.calls('tools/call')).toHaveLength(5);
  });

  it.each([Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY, '3' as unknown as number])(
    'C-29: maxInputRounds %s is a RangeError, not "no round limit"',
    async (value) => {
      expect(
        () =>
          new McpClient(createInMemoryTransport(mockServer({})), { handlers: yes, maxInputRounds: value }),
      ).toThrow(RangeError);
      // Asks 20 times, then answers: without the check the call would end with that answer.
      const asking = () =>
        server.requests.length > 20
          ? { resultType: 'complete', contents: [], messages: [], content: [] }
          : { resultType: 'input_required', inputRequests: confirm, requestState: 'again' };
      const { server, client: c } = client({
        'tools/call': asking,
        'prompts/get': asking,
        'resources/read': asking,
      });
      const options = { maxInputRounds: value };
      await expect(c.callTool('t', {}, options)).rejects.toBeInstanceOf(RangeError);
      await expect(c.getPrompt('p', {}, options)).rejects.toBeInstanceOf(RangeError);
      await expect(c.readResource('file:///a', options)).rejects.toBeInstanceOf(RangeError);
      expect(server.requests).toHaveLength(0);
    },
  );

  it('C-29: a call can be aborted at any round, while a handler waits for the user', async () => {
    for (const signalAware of [false, true]) {
      const controller = new AbortController();
      const { server, client: c } = client(
        { 'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm }) },
        {
          handlers: {
            elicitation: {
              form: (_request, context) => {
                setTimeout(() => controller.abort('user gave up'), 1);
                // A handler that never settles and one that honours its signal both end with the call.
                return new Promise((_resolve, reject) => {
                  if (signalAware)
                    context.signal.addEventListener('abort', () => reject(context.signal.reason));
                });
              },
            },
          },
        },
      );
      const failure = await c.callTool('t', {}, { signal: controller.signal }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RequestAbortedError);
      expect((failure as Error).cause).toBe('user gave up');
      expect(server.calls('tools/call')).toHaveLength(1);
    }
  });

  it('an answer ready after the abort is not sent', async () => {
    const controller = new AbortController();
    const { server, client: c } = client(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm }) },
      {
        handlers: {
          elicitation: {
            form: () => {
              controller.abort();
              return { action: 'accept', content: { ok: true } };
            },
          },
        },
      },
    );
    await expect(c.callTool('t', {}, { signal: controller.signal })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('manual mode hands input_required to the caller, who continues by echoing the state', async () => {
    const { server, client: c } = client({
      'tools/call': (request) => {
        const p = paramsOf(request);
        return p.requestState === 'S' && p.inputResponses
          ? done('manual ok')
          : { resultType: 'input_required', inputRequests: confirm, requestState: 'S' };
      },
    });
    const first = await c.callTool('t', {}, { inputRequired: 'manual' });
    expect(first).toMatchObject({ resultType: 'input_required', requestState: 'S' });
    if (first.resultType !== 'input_required') throw new Error('expected input_required');
    const second = await c.callTool(
      't',
      {},
      {
        inputRequired: 'manual',
        inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
        requestState: (first as { requestState?: string }).requestState,
      },
    );
    expect(second).toEqual(done('manual ok'));
    expect(server.calls('tools/call')).toHaveLength(2);
  });

  it('S-56 broken by the server: an input with no handler is refused locally, with no retry', async () => {
    const { server, client: c } = client(
      {
        'tools/call': () => ({
          resultType: 'input_required',
          inputRequests: { r: { method: 'roots/list' } },
        }),
      },
      { handlers: {} },
    );
    const failure = await c.callTool('t').catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'InputRequiredError', reason: 'unsupported-input', key: 'r' });
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('Q-7: tool-enabled sampling is refused unless the handler declares sampling.tools', async () => {
    const sampling = {
      s: {
        method: 'sampling/createMessage' as const,
        params: {
          messages: [],
          maxTokens: 5,
          tools: [{ name: 'x', inputSchema: { type: 'object' as const } }],
        },
      },
    };
    const createMessage = () => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text: 'x' },
      model: 'm',
    });
    const refusing = client(
      {
        'tools/call': (r) =>
          paramsOf(r).inputResponses ? done('ok') : { resultType: 'input_required', inputRequests: sampling },
      },
      { handlers: { sampling: { createMessage } } },
    );
    await expect(refusing.client.callTool('t')).rejects.toMatchObject({ reason: 'unsupported-input' });
    const willing = client(
      {
        'tools/call': (r) =>
          paramsOf(r).inputResponses ? done('ok') : { resultType: 'input_required', inputRequests: sampling },
      },
      { handlers: { sampling: { createMessage, tools: true } } },
    );
    expect(await willing.client.callTool('t')).toEqual(done('ok'));
  });

  it('C-49: roots must be file:// URIs', async () => {
    const { client: c } = client(
      {
        'tools/call': () => ({
          resultType: 'input_required',
          inputRequests: { r: { method: 'roots/list' } },
        }),
      },
      { handlers: { roots: () => [{ uri: 'https://example.com' }] } },
    );
    await expect(c.callTool('t')).rejects.toMatchObject({ reason: 'invalid-input-response', key: 'r' });
  });

  it('C-47: accepted form content must fit the requested schema', async () => {
    const { server, client: c } = client(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm }) },
      { handlers: { elicitation: { form: () => ({ action: 'accept', content: { ok: 'yes' } }) } } },
    );
    await expect(c.callTool('t')).rejects.toMatchObject({ reason: 'invalid-input-response' });
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('a handler returning something that is not an answer is refused', async () => {
    const { client: c } = client(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm }) },
      { handlers: { elicitation: { form: () => ({ action: 'maybe' }) as never } } },
    );
    await expect(c.callTool('t')).rejects.toMatchObject({ reason: 'invalid-input-response' });
  });

  it("a handler's own error fails the call as is", async () => {
    const oops = new Error('ui crashed');
    const { client: c } = client(
      { 'tools/call': () => ({ resultType: 'input_required', inputRequests: confirm }) },
      {
        handlers: {
          elicitation: {
            form: () => {
              throw oops;
            },
          },
        },
      },
    );
    await expect(c.callTool('t')).rejects.toBe(oops);
  });
});
