import type { InputRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { inputRequestProblem } from '../src/input/safety.js';
import { call, meta } from './helpers.js';

const form = (properties: Record<string, { type: 'string' }>): InputRequest => ({
  method: 'elicitation/create',
  params: { message: 'Please fill in', requestedSchema: { type: 'object', properties } },
});
const link = (url: string): InputRequest => ({
  method: 'elicitation/create',
  params: { mode: 'url', message: 'Continue in your browser', url },
});

describe('what a server may ask (S-73..S-75)', () => {
  it.each([
    'password',
    'user_password',
    'passphrase',
    'github_token',
    'githubToken',
    'api_key',
    'apiKey',
    'userPassword',
    'secret',
    'card_number',
    'cvv',
    'ssn',
  ])('S-73: a form field named %s is a secret and belongs in URL mode', (name) => {
    expect(inputRequestProblem(form({ [name]: { type: 'string' } }))).toBe(
      `Form-mode elicitation must not ask for secrets such as ${JSON.stringify(name)}; use URL mode`,
    );
  });

  it.each(['name', 'email', 'token_count', 'tokenCount', 'max_tokens', 'passenger', 'spinner', 'keyword'])(
    'S-73: a form field named %s is fine',
    (name) => {
      expect(inputRequestProblem(form({ [name]: { type: 'string' } }))).toBeUndefined();
    },
  );

  it.each([
    ['a relative URL', '/login', /absolute/],
    ['http to another host', 'http://example.com/connect', /https/],
    ['a javascript: URL', 'javascript:alert(1)', /https/],
    ['credentials in the URL', 'https://user:pw@example.com/connect', /credentials/],
    ['an access token in the query', 'https://example.com/connect?access_token=abc', /pre-authenticated/],
    ['a code in the fragment', 'https://example.com/cb#code=abc', /pre-authenticated/],
  ])('S-74/S-75: refuses a URL elicitation with %s', (_, url, reason) => {
    expect(inputRequestProblem(link(url))).toMatch(reason);
  });

  it.each(['https://example.com/connect?state=xyz', 'http://localhost:8080/callback', 'http://127.0.0.1/ok'])(
    'S-75: accepts %s',
    (url) => {
      expect(inputRequestProblem(link(url))).toBeUndefined();
    },
  );

  it('S-73: a handler asking for a password in form mode gets -32603, and nothing is sent to the client', async () => {
    const server = new McpServer({ name: 's', version: '1' }, { onError: () => {} });
    server.tool('login', {}, async (_, ctx) => {
      await ctx.elicit('creds', {
        message: 'Log in',
        requestedSchema: { type: 'object', properties: { password: { type: 'string' } } },
      });
      return { content: [] };
    });
    const outcome = await call(server, 'tools/call', {
      name: 'login',
      _meta: meta({}, { elicitation: { form: {}, url: {} } }),
    });
    expect(outcome.error).toMatchObject({ code: -32603 });
    expect(outcome.error?.message).toMatch(/URL mode/);
  });
});
