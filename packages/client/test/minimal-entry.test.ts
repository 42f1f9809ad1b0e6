import { createInMemoryTransport, type InputRequests } from '@mcpkit/protocol';
import { compileJsonSchema } from '@mcpkit/protocol/json-schema';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index.js';
import type { JsonSchemaCompiler, MinimalClientOptions } from '../src/minimal.js';
import * as minimal from '../src/minimal.js';
import * as modern from '../src/modern.js';
import { confirm, done, paramsOf } from './helpers/input-rounds.js';
import { type MockServer, mockServer } from './helpers/mock-server.js';

const caps = { tools: {}, prompts: {}, resources: {} };

const outputSchema = {
  type: 'object',
  properties: { total: { $ref: '#/$defs/count' } },
  required: ['total'],
  $defs: { count: { type: 'integer', minimum: 0 } },
};

/** A server with one tool of `tool`'s definition, whose calls answer `result`. */
function toolServer(tool: Record<string, unknown>, result: Record<string, unknown>) {
  return mockServer(
    {
      'tools/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [tool] }),
      'tools/call': () => ({ resultType: 'complete', content: [], ...result }),
    },
    caps,
  );
}

/** A server whose tool asks `inputRequests` once, then answers with what it was sent. */
function askingServer(inputRequests: InputRequests) {
  return mockServer(
    {
      'tools/call': (request) => {
        const answers = paramsOf(request).inputResponses;
        return answers
          ? { ...done('ok'), structuredContent: answers }
          : { resultType: 'input_required', inputRequests };
      },
    },
    caps,
  );
}

type Outcome = { value: unknown } | { error: string; message: string; rule?: string; reason?: string };

/** What a call came to, comparable across clients: its result, or its error's class, message and rule. */
async function outcome(call: Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await call };
  } catch (error) {
    const { name, message, rule, reason } = error as Error & { rule?: string; reason?: string };
    return { error: name, message, rule, reason };
  }
}

type Handlers = NonNullable<MinimalClientOptions['handlers']>;

/** The `/modern` client over `server`, and the minimal one with `options`. */
function clients(server: MockServer, options: MinimalClientOptions) {
  const common = { autoListTools: options.autoListTools, handlers: options.handlers };
  return {
    server,
    modern: new modern.McpClient(createInMemoryTransport(server), common),
    minimal: new minimal.McpClient(createInMemoryTransport(server), options),
  };
}

const answering = (content: unknown): Handlers => ({
  elicitation: { form: () => ({ action: 'accept', content: content as Record<string, string> }) },
});

describe('@mcpkit/client/minimal', () => {
  it('has the API of @mcpkit/client; only McpClient differs', () => {
    expect(Object.keys(minimal).sort()).toEqual(Object.keys(entry).sort());
    const ours = new Map(Object.entries(minimal));
    for (const [name, value] of Object.entries(entry))
      if (name !== 'McpClient') expect(ours.get(name), name).toBe(value);
    expect(minimal.McpClient).not.toBe(modern.McpClient);
  });

  it('needs validateWith: without it, a TypeError that says what to pass and why', () => {
    const transport = createInMemoryTransport(mockServer({}, caps));
    const missing = [
      // @ts-expect-error: validateWith is required
      () => new minimal.McpClient(transport),
      // @ts-expect-error: validateWith is required
      () => new minimal.McpClient(transport, {}),
      // @ts-expect-error: validateWith is required
      () => new minimal.McpClient(transport, { validateWith: undefined }),
      // @ts-expect-error: true names no validator
      () => new minimal.McpClient(transport, { validateWith: true }),
      // @ts-expect-error: a name is no validator
      () => new minimal.McpClient(transport, { validateWith: 'ajv' }),
    ];
    for (const construct of missing) {
      expect(construct).toThrow(TypeError);
      expect(construct).toThrow(
        /validateWith.*JSON Schema compiler.*compileJsonSchema.*tool results and form answers.*false/,
      );
    }
    expect(() => new minimal.McpClient(transport, { validateWith: false })).not.toThrow();
    expect(() => new minimal.McpClient(transport, { validateWith: compileJsonSchema })).not.toThrow();
  });
});

describe('@mcpkit/client/minimal with compileJsonSchema: the verdicts and errors of /modern', () => {
  const sum = { name: 'sum', inputSchema: { type: 'object' }, outputSchema };
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['structuredContent that fits', sum, { structuredContent: { total: 3 } }],
    ['structuredContent that does not fit (C-20)', sum, { structuredContent: { total: -1 } }],
    ['no structuredContent (C-20)', sum, {}],
    ['a tool error, not checked', sum, { isError: true }],
    [
      'an outputSchema with a network $ref, never fetched (P-89)',
      { ...sum, outputSchema: { $ref: 'https://example.com/schema.json' } },
      { structuredContent: { a: 1 } },
    ],
    [
      'a catastrophic pattern, in linear time (P-90)',
      {
        ...sum,
        outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$' } } },
      },
      { structuredContent: { id: `${'a'.repeat(20_000)}b` } },
    ],
  ];
  for (const [what, tool, result] of cases) {
    it(`a tool result: ${what}`, async () => {
      const { modern: theirs, minimal: ours } = clients(toolServer(tool, result), {
        validateWith: compileJsonSchema,
      });
      const expected = await outcome(theirs.callTool('sum'));
      expect(await outcome(ours.callTool('sum'))).toEqual(expected);
    });
  }

  it('C-20: the verdicts of /modern include the refusals this suite expects', async () => {
    const { minimal: ours } = clients(toolServer(sum, { structuredContent: { total: -1 } }), {
      validateWith: compileJsonSchema,
    });
    await expect(ours.callTool('sum')).rejects.toMatchObject({ name: 'InvalidResponseError', rule: 'C-20' });
  });

  const forms: [string, unknown, InputRequests][] = [
    ['content that fits', { ok: true }, confirm],
    ['content that does not fit (C-47)', { ok: 'yes' }, confirm],
    [
      'an unusable requested schema',
      { ok: true },
      {
        confirm: {
          method: 'elicitation/create',
          params: {
            message: 'Confirm?',
            requestedSchema: { $ref: 'https://example.com/form.json' } as never,
          },
        },
      },
    ],
  ];
  for (const [what, content, inputRequests] of forms) {
    it(`a form answer: ${what}`, async () => {
      const { modern: theirs, minimal: ours } = clients(askingServer(inputRequests), {
        autoListTools: false,
        handlers: answering(content),
        validateWith: compileJsonSchema,
      });
      const expected = await outcome(theirs.callTool('t'));
      expect(await outcome(ours.callTool('t'))).toEqual(expected);
    });
  }
});

describe('@mcpkit/client/minimal with validateWith: false', () => {
  const sum = { name: 'sum', inputSchema: { type: 'object' }, outputSchema };

  it('passes a tool result unchecked, as /modern does without validateStructuredContent', async () => {
    for (const result of [{ structuredContent: { total: 'many' } }, {}]) {
      const server = toolServer(sum, result);
      const unchecked = new modern.McpClient(createInMemoryTransport(server), {
        validateStructuredContent: false,
      });
      const ours = new minimal.McpClient(createInMemoryTransport(server), { validateWith: false });
      expect(await ours.callTool('sum')).toEqual(await unchecked.callTool('sum'));
    }
  });

  it('sends form content unchecked, but still refuses what is no ElicitResult', async () => {
    const server = askingServer(confirm);
    const ours = new minimal.McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      handlers: answering({ ok: 'yes' }),
      validateWith: false,
    });
    expect(await ours.callTool('t')).toMatchObject({
      structuredContent: { confirm: { content: { ok: 'yes' } } },
    });
    const refusing = new minimal.McpClient(createInMemoryTransport(askingServer(confirm)), {
      autoListTools: false,
      handlers: { elicitation: { form: () => ({ action: 'maybe' }) as never } },
      validateWith: false,
    });
    await expect(refusing.callTool('t')).rejects.toMatchObject({ reason: 'invalid-input-response' });
  });
});

describe("@mcpkit/client/minimal with the application's validator", () => {
  const sum = { name: 'sum', inputSchema: { type: 'object' }, outputSchema };

  /** A validator that refuses every value, recording the schemas it compiled. */
  function refusing() {
    const compiled: unknown[] = [];
    const validateWith: JsonSchemaCompiler = (schema) => {
      compiled.push(schema);
      return { ok: true, schema: { validate: () => ({ valid: false, errors: ['the stand-in refuses'] }) } };
    };
    return { compiled, validateWith };
  }

  it("C-20: checks a tool result with the application's validator, once compiled per tool", async () => {
    const standIn = refusing();
    const { minimal: ours } = clients(toolServer(sum, { structuredContent: { total: 3 } }), standIn);
    for (let i = 0; i < 2; i++) {
      await expect(ours.callTool('sum')).rejects.toMatchObject({
        name: 'InvalidResponseError',
        rule: 'C-20',
        message: expect.stringContaining(
          'structuredContent does not fit the outputSchema: the stand-in refuses',
        ),
      });
    }
    expect(standIn.compiled).toEqual([outputSchema]);
  });

  it("C-47: checks form content with the application's validator", async () => {
    const standIn = refusing();
    const { minimal: ours, server } = clients(askingServer(confirm), {
      autoListTools: false,
      handlers: answering({ ok: true }),
      validateWith: standIn.validateWith,
    });
    await expect(ours.callTool('t')).rejects.toMatchObject({
      reason: 'invalid-input-response',
      message: expect.stringContaining(
        'the form content does not fit the requested schema: the stand-in refuses',
      ),
    });
    expect(standIn.compiled).toEqual([
      (confirm.confirm!.params as { requestedSchema: unknown }).requestedSchema,
    ]);
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('a compiler that throws makes the schema unusable, as one our validator cannot use', async () => {
    const throwing: JsonSchemaCompiler = () => {
      throw new Error('unsupported keyword "foo"');
    };
    const tool = { ...sum, outputSchema: { $ref: 'https://example.com/schema.json' } };
    const theirs = await outcome(
      new minimal.McpClient(createInMemoryTransport(toolServer(tool, { structuredContent: {} })), {
        validateWith: compileJsonSchema,
      }).callTool('sum'),
    );
    const ours = await outcome(
      new minimal.McpClient(createInMemoryTransport(toolServer(tool, { structuredContent: {} })), {
        validateWith: throwing,
      }).callTool('sum'),
    );
    expect(theirs).toMatchObject({ error: 'InvalidResponseError', rule: 'C-20' });
    expect(ours).toEqual({
      ...theirs,
      message: expect.stringContaining('the outputSchema cannot be used: unsupported keyword "foo"'),
    });
    const { minimal: asking } = clients(askingServer(confirm), {
      autoListTools: false,
      handlers: answering({ ok: true }),
      validateWith: throwing,
    });
    await expect(asking.callTool('t')).rejects.toMatchObject({
      reason: 'invalid-input-response',
      message: expect.stringContaining('the requested schema is unusable: unsupported keyword "foo"'),
    });
  });
});
