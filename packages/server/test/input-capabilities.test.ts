import type { ClientCapabilities, InputRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { missingCapabilities, missingDeclared } from '../src/input/capabilities.js';

const form: InputRequest = {
  method: 'elicitation/create',
  params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
};
const formExplicit: InputRequest = { ...form, params: { ...form.params, mode: 'form' } as never };
const url: InputRequest = {
  method: 'elicitation/create',
  params: { mode: 'url', message: 'Sign in', url: 'https://example.com' },
};
const sample: InputRequest = {
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
};
const sampleTools: InputRequest = {
  method: 'sampling/createMessage',
  params: { ...sample.params, tools: [{ name: 't', inputSchema: { type: 'object' } }] } as never,
};
const sampleChoice: InputRequest = {
  method: 'sampling/createMessage',
  params: { ...sample.params, toolChoice: { mode: 'auto' } } as never,
};
const sampleContext: InputRequest = {
  method: 'sampling/createMessage',
  params: { ...sample.params, includeContext: 'thisServer' } as never,
};
const sampleNoContext: InputRequest = {
  method: 'sampling/createMessage',
  params: { ...sample.params, includeContext: 'none' } as never,
};
const rootsRequest: InputRequest = { method: 'roots/list', params: {} };

describe('missingCapabilities: the S-56 decision table', () => {
  const cases: Array<[string, InputRequest, ClientCapabilities, ClientCapabilities | undefined]> = [
    ['form, no elicitation', form, {}, { elicitation: {} }],
    ['form, elicitation: {} (P-50)', form, { elicitation: {} }, undefined],
    ['form, explicit mode, elicitation.form', formExplicit, { elicitation: { form: {} } }, undefined],
    ['form, url only', form, { elicitation: { url: {} } }, { elicitation: { form: {} } }],
    ['form, both modes', form, { elicitation: { form: {}, url: {} } }, undefined],
    ['url, no elicitation', url, {}, { elicitation: { url: {} } }],
    ['url, elicitation: {} is form only', url, { elicitation: {} }, { elicitation: { url: {} } }],
    ['url, elicitation.url', url, { elicitation: { url: {} } }, undefined],
    ['sampling, none', sample, {}, { sampling: {} }],
    ['sampling, declared', sample, { sampling: {} }, undefined],
    ['sampling with tools, no sampling', sampleTools, {}, { sampling: { tools: {} } }],
    [
      'sampling with tools, sampling without tools',
      sampleTools,
      { sampling: {} },
      { sampling: { tools: {} } },
    ],
    ['sampling with toolChoice', sampleChoice, { sampling: {} }, { sampling: { tools: {} } }],
    ['S-79: sampling with tools, sampling.tools', sampleTools, { sampling: { tools: {} } }, undefined],
    [
      'S-79: sampling with context, no sampling.context',
      sampleContext,
      { sampling: {} },
      { sampling: { context: {} } },
    ],
    ['sampling with context, none at all', sampleContext, {}, { sampling: { context: {} } }],
    ['sampling with context, sampling.context', sampleContext, { sampling: { context: {} } }, undefined],
    ['sampling with includeContext none', sampleNoContext, { sampling: {} }, undefined],
    ['roots, none', rootsRequest, { elicitation: {} }, { roots: {} }],
    ['roots, declared', rootsRequest, { roots: {} }, undefined],
  ];
  it.each(cases)('S-56: %s', (_, request, declared, expected) => {
    expect(missingCapabilities(request, declared)).toEqual(expected);
  });
});

describe('missingDeclared (S-3)', () => {
  it('returns the missing part, nested settings included', () => {
    expect(missingDeclared({ sampling: {} }, {})).toEqual({ sampling: {} });
    expect(missingDeclared({ sampling: {} }, { sampling: { tools: {} } })).toBeUndefined();
    expect(missingDeclared({ sampling: { tools: {} } }, { sampling: {} })).toEqual({
      sampling: { tools: {} },
    });
    expect(missingDeclared({ roots: {}, elicitation: { url: {} } }, { roots: {}, elicitation: {} })).toEqual({
      elicitation: { url: {} },
    });
    expect(
      missingDeclared({ extensions: { 'io.modelcontextprotocol/tasks': {} } }, { extensions: {} }),
    ).toEqual({
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
  });
});
