import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../src/index.js';
import { call } from './helpers.js';

function newServer() {
  const server = new McpServer({ name: 'prompts-test', version: '1.0.0' }, { onError: () => {} });
  server.prompt('test_simple_prompt', { description: 'A simple prompt' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.prompt(
    'test_prompt_with_arguments',
    {
      arguments: {
        arg1: { description: 'First test argument', required: true },
        arg2: { description: 'Second test argument', required: true },
        arg3: { title: 'Optional' },
      },
    },
    ({ arg1, arg2, arg3 }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'${arg3 ?? ''}`,
          },
        },
      ],
    }),
  );
  server.prompt(
    'code_review',
    {
      title: 'Request Code Review',
      arguments: z.object({
        code: z.string().describe('The code to review'),
        language: z.enum(['python', 'ts']).optional(),
      }),
    },
    ({ code, language }) => ({
      description: 'Code review prompt',
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Please review this ${language ?? 'code'}:\n${code}` },
        },
      ],
    }),
  );
  server.prompt('test_prompt_with_image', {}, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
  server.prompt(
    'test_prompt_with_embedded_resource',
    { arguments: { resourceUri: { required: true } } },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded' },
          },
        },
      ],
    }),
  );
  return server;
}

describe('prompts (S-35..S-39)', () => {
  it('S-35: lists prompts with their arguments, with caching hints', async () => {
    const { result } = await call(newServer(), 'prompts/list');
    expect(result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    expect(((result?.prompts ?? []) as unknown[]).slice(0, 3)).toEqual([
      { name: 'test_simple_prompt', description: 'A simple prompt' },
      {
        name: 'test_prompt_with_arguments',
        arguments: [
          { name: 'arg1', description: 'First test argument', required: true },
          { name: 'arg2', description: 'Second test argument', required: true },
          { name: 'arg3', title: 'Optional' },
        ],
      },
      {
        name: 'code_review',
        title: 'Request Code Review',
        arguments: [
          { name: 'code', description: 'The code to review', required: true },
          { name: 'language' },
        ],
      },
    ]);
  });

  it('gets a prompt with its arguments substituted', async () => {
    const { result } = await call(newServer(), 'prompts/get', {
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'hello', arg2: 'world' },
    });
    expect(result).toMatchObject({
      resultType: 'complete',
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" },
        },
      ],
    });
  });

  it('S-36: an unknown prompt and a missing required argument are -32602', async () => {
    const server = newServer();
    expect((await call(server, 'prompts/get', { name: 'nope' })).error).toEqual({
      code: -32602,
      message: 'Unknown prompt: nope',
    });
    const missing = await call(server, 'prompts/get', {
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'x' },
    });
    expect(missing.error).toEqual({
      code: -32602,
      message: 'Missing required argument for prompt test_prompt_with_arguments: arg2',
    });
  });

  it('S-39: zod arguments are validated (-32602) and typed', async () => {
    const server = newServer();
    const bad = await call(server, 'prompts/get', {
      name: 'code_review',
      arguments: { code: 'x', language: 'cobol' },
    });
    expect(bad.error?.code).toBe(-32602);
    const ok = await call(server, 'prompts/get', {
      name: 'code_review',
      arguments: { code: 'x=1', language: 'python' },
    });
    expect(ok.result).toMatchObject({
      description: 'Code review prompt',
      messages: [{ content: { text: 'Please review this python:\nx=1' } }],
    });
  });

  it('S-38: image and embedded resource messages pass; a malformed one is -32603', async () => {
    const server = newServer();
    expect(
      (await call(server, 'prompts/get', { name: 'test_prompt_with_image' })).result?.messages,
    ).toHaveLength(2);
    const embedded = await call(server, 'prompts/get', {
      name: 'test_prompt_with_embedded_resource',
      arguments: { resourceUri: 'test://example' },
    });
    expect(embedded.result?.messages).toEqual([
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'test://example', mimeType: 'text/plain', text: 'Embedded' },
        },
      },
    ]);
    server.prompt(
      'broken',
      {},
      () => ({ messages: [{ role: 'user', content: { type: 'image', data: 'x' } }] }) as never,
    );
    expect((await call(server, 'prompts/get', { name: 'broken' })).error?.code).toBe(-32603);
  });

  it('S-38: prompt image data must be Base64 with a MIME type; an embedded resource needs text or blob', async () => {
    const server = newServer();
    const contents: Record<string, object> = {
      image: { type: 'image', data: '%%%', mimeType: '' },
      noMime: { type: 'image', data: 'iVBORw0KGgo=', mimeType: '' },
      embedded: { type: 'resource', resource: { uri: 'x://e', blob: 'AAAA', text: 'x' } },
    };
    for (const [name, content] of Object.entries(contents)) {
      server.prompt(name, {}, () => ({ messages: [{ role: 'user', content: content as never }] }));
      const { error } = await call(server, 'prompts/get', { name });
      expect(error?.code, name).toBe(-32603);
      expect(error?.message, name).toMatch(/^Prompt \w+ returned messages\[0\] /);
    }
  });

  it('registration checks its completers name real arguments', () => {
    const server = newServer();
    expect(() =>
      server.prompt('p', { arguments: { a: {} }, complete: { b: () => [] } }, () => ({ messages: [] })),
    ).toThrow(/no argument/);
    expect(() => server.prompt('', {}, () => ({ messages: [] }))).toThrow(TypeError);
  });
});
