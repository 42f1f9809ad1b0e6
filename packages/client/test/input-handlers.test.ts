import { createInMemoryTransport } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { InputRequiredError, McpClient, RequestAbortedError } from '../src/index.js';
import { client, confirm, done, paramsOf, yes } from './helpers/input-rounds.js';
import { mockServer } from './helpers/mock-server.js';

describe('multi round-trip requests (client fulfilment)', () => {
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
