import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { completionResult } from '../src/registration/completion.js';
import { call } from './helpers.js';

function newServer(onError: (error: unknown) => void = () => {}) {
  const server = new McpServer({ name: 'completion-test', version: '1.0.0' }, { onError });
  const languages = ['python', 'pytorch', 'pyside', 'typescript'];
  server.prompt(
    'code_review',
    {
      arguments: { language: { required: true }, framework: {} },
      complete: {
        language: (value) => languages.filter((l) => l.startsWith(value)),
        framework: (value, args) =>
          (args.language === 'python' ? ['flask', 'fastapi'] : ['express']).filter((f) =>
            f.startsWith(value),
          ),
      },
    },
    () => ({ messages: [] }),
  );
  server.resourceTemplate(
    'github://repos/{owner}/{repo}',
    {
      name: 'Repositories',
      complete: {
        repo: async (value, args) => ({
          values: Array.from({ length: 150 }, (_, i) => `${args.owner ?? 'x'}-repo-${i}`).filter((r) =>
            r.includes(value),
          ),
        }),
      },
    },
    (uri) => ({ contents: [{ uri, text: '' }] }),
  );
  return server;
}

describe('completion/complete (S-43..S-45)', () => {
  it('S-43: completions are advertised only when a completer exists', async () => {
    expect(newServer().capabilities.completions).toEqual({});
    const plain = new McpServer({ name: 'p', version: '1' });
    plain.prompt('p', { arguments: { a: {} } }, () => ({ messages: [] }));
    expect(plain.capabilities.completions).toBeUndefined();
    const outcome = await call(plain, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'a', value: '' },
    });
    expect(outcome.error?.code).toBe(-32601);
  });

  it('completes a prompt argument', async () => {
    const { result } = await call(newServer(), 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'language', value: 'py' },
    });
    expect(result).toMatchObject({
      resultType: 'complete',
      completion: { values: ['python', 'pytorch', 'pyside'] },
    });
  });

  it('passes the other arguments already chosen (context.arguments)', async () => {
    const { result } = await call(newServer(), 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'framework', value: 'fla' },
      context: { arguments: { language: 'python' } },
    });
    expect(result?.completion).toEqual({ values: ['flask'] });
  });

  it('S-44: completes a template variable with at most 100 values, total and hasMore', async () => {
    const { result } = await call(newServer(), 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'github://repos/{owner}/{repo}' },
      argument: { name: 'repo', value: '' },
      context: { arguments: { owner: 'acme' } },
    });
    const completion = result?.completion as { values: string[]; total: number; hasMore: boolean };
    expect(completion.values).toHaveLength(100);
    expect(completion.values[0]).toBe('acme-repo-0');
    expect(completion).toMatchObject({ total: 150, hasMore: true });
  });

  it('an argument without a completer completes to nothing', async () => {
    const { result } = await call(newServer(), 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'github://repos/{owner}/{repo}' },
      argument: { name: 'owner', value: 'a' },
    });
    expect(result?.completion).toEqual({ values: [] });
  });

  it('S-45: argument names that are Object.prototype members complete to nothing, never reach a prototype method', async () => {
    const errors: unknown[] = [];
    const server = newServer((error) => errors.push(error));
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const ref of [
        { type: 'ref/prompt', name: 'code_review' },
        { type: 'ref/resource', uri: 'github://repos/{owner}/{repo}' },
      ]) {
        const { result, error } = await call(server, 'completion/complete', {
          ref,
          argument: { name, value: '' },
        });
        expect(error, `${ref.type} ${name}`).toBeUndefined();
        expect(result?.completion).toEqual({ values: [] });
      }
    }
    expect(errors).toEqual([]);
  });

  it('S-45: an unknown prompt or template is -32602; missing argument is -32602; a broken completer is -32603', async () => {
    const server = newServer();
    const complete = (params: Record<string, unknown>) => call(server, 'completion/complete', params);
    expect(
      (await complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } }))
        .error?.code,
    ).toBe(-32602);
    expect(
      (await complete({ ref: { type: 'ref/resource', uri: 'x://{y}' }, argument: { name: 'y', value: '' } }))
        .error?.code,
    ).toBe(-32602);
    expect((await complete({ ref: { type: 'ref/prompt', name: 'code_review' } })).error?.code).toBe(-32602);
    server.prompt('broken', { arguments: { a: {} }, complete: { a: () => [1, 2] as never } }, () => ({
      messages: [],
    }));
    expect(
      (await complete({ ref: { type: 'ref/prompt', name: 'broken' }, argument: { name: 'a', value: '' } }))
        .error?.code,
    ).toBe(-32603);
  });

  it('completionResult keeps what a completer says about total and hasMore', () => {
    expect(completionResult(['a'])).toEqual({ resultType: 'complete', completion: { values: ['a'] } });
    expect(completionResult({ values: ['a'], total: 9, hasMore: true }).completion).toEqual({
      values: ['a'],
      total: 9,
      hasMore: true,
    });
    expect(completionResult(undefined).completion).toEqual({ values: [] });
  });
});
