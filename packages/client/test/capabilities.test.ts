import { describe, expect, it } from 'vitest';
import { declaredCapabilities, missingServerCapability } from '../src/capabilities.js';
import { supportedFilter, unacknowledged } from '../src/listen-filters.js';

const noop = async () => ({ action: 'cancel' as const });

describe('declaredCapabilities', () => {
  it('C-3: no handlers declare no optional capability', () => {
    expect(declaredCapabilities(undefined)).toEqual({});
    expect(declaredCapabilities({})).toEqual({});
  });

  it('C-3, C-4: elicitation lists exactly the modes that have a handler', () => {
    expect(declaredCapabilities({ elicitation: { form: noop } })).toEqual({ elicitation: { form: {} } });
    expect(declaredCapabilities({ elicitation: { url: noop } })).toEqual({ elicitation: { url: {} } });
    expect(declaredCapabilities({ elicitation: { form: noop, url: noop } })).toEqual({
      elicitation: { form: {}, url: {} },
    });
    expect(declaredCapabilities({ elicitation: {} })).toEqual({});
  });

  it('C-4: sampling declares tools and context only when the handler says so', () => {
    const createMessage = async () => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text: 'x' },
      model: 'm',
    });
    expect(declaredCapabilities({ sampling: { createMessage } })).toEqual({ sampling: {} });
    expect(declaredCapabilities({ sampling: { createMessage, tools: true, context: true } })).toEqual({
      sampling: { tools: {}, context: {} },
    });
  });

  it('C-3: roots, extensions and experimental', () => {
    const caps = declaredCapabilities(
      { roots: () => [] },
      { extensions: { 'com.example/x': {} }, experimental: { y: {} } },
    );
    expect(caps).toEqual({ roots: {}, extensions: { 'com.example/x': {} }, experimental: { y: {} } });
    expect(Object.isFrozen(caps)).toBe(true);
  });
});

describe('server capabilities (C-12)', () => {
  it('names the capability a method needs when the server lacks it', () => {
    expect(missingServerCapability('prompts/list', { tools: {} })).toBe('prompts');
    expect(missingServerCapability('prompts/get', { prompts: {} })).toBeUndefined();
    expect(missingServerCapability('completion/complete', {})).toBe('completions');
    expect(missingServerCapability('server/discover', {})).toBeUndefined();
    expect(missingServerCapability('subscriptions/listen', {})).toBeUndefined();
  });

  it('keeps only the listen types the server advertises, and unknown (extension) keys', () => {
    const filter = {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a'],
      taskIds: ['t1'],
    };
    expect(supportedFilter(filter, { tools: { listChanged: true }, prompts: {} })).toEqual({
      toolsListChanged: true,
      taskIds: ['t1'],
    });
    expect(supportedFilter(filter, { resources: { subscribe: true, listChanged: true } })).toEqual({
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a'],
      taskIds: ['t1'],
    });
  });

  it('C-40: reports what the acknowledgement left out', () => {
    const requested = {
      toolsListChanged: true,
      promptsListChanged: true,
      resourceSubscriptions: ['file:///a', 'file:///b'],
    };
    expect(
      unacknowledged(requested, { toolsListChanged: true, resourceSubscriptions: ['file:///a'] }),
    ).toEqual({
      promptsListChanged: true,
      resourceSubscriptions: ['file:///b'],
    });
    expect(unacknowledged(requested, requested)).toEqual({});
  });
});
