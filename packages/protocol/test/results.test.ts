import { describe, expect, it } from 'vitest';
import { decodeResult } from '../src/index.js';
import { applyResultDefaults } from '../src/read-result.js';
import { decodeInputRequiredResult } from '../src/results.js';

const text = [{ type: 'text', text: 'ok' }];

describe('decodeResult', () => {
  it('P-17/C-14/B-14: a missing resultType (a legacy server) is read as "complete"', () => {
    const decoded = decodeResult('tools/call', { content: text });
    expect(decoded.ok && decoded.value.resultType).toBe('complete');
  });

  it('does not change the received object when a default is filled in', () => {
    const result = { content: text };
    decodeResult('tools/call', result);
    expect(result).toEqual({ content: text });
  });

  it('returns the same object when nothing is defaulted', () => {
    const result = { resultType: 'complete', content: text };
    const decoded = decodeResult('tools/call', result);
    expect(decoded.ok && decoded.value).toBe(result);
  });

  it('P-16/C-15: an unknown resultType is invalid', () => {
    const decoded = decodeResult('tools/call', { resultType: 'task', content: text });
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.rule).toBe('P-16');
  });

  it('P-15: a resultType of a negotiated extension passes through', () => {
    const decoded = decodeResult(
      'tools/call',
      { resultType: 'task', task: { taskId: 't' } },
      {
        extensionResultTypes: ['task'],
      },
    );
    expect(decoded.ok && decoded.value.resultType).toBe('task');
  });

  it('P-13: a result that is not an object, or a non-string resultType, is invalid', () => {
    expect(decodeResult('tools/call', []).ok).toBe(false);
    expect(decodeResult('tools/call', { resultType: 7, content: text }).ok).toBe(false);
  });

  it('P-18: branches by resultType, never by shape', () => {
    const complete = decodeResult('tools/call', { resultType: 'complete', requestState: 'abc' });
    expect(complete.ok).toBe(false);
    expect(!complete.ok && complete.rule).toBe('P-18');
    const interim = decodeResult('tools/call', { resultType: 'input_required', requestState: 'abc' });
    expect(interim.ok && interim.value.resultType).toBe('input_required');
  });

  it('C-16/S-53: input_required from a method that cannot produce it is invalid', () => {
    for (const method of [
      'tools/list',
      'server/discover',
      'completion/complete',
      'subscriptions/listen',
    ] as const) {
      const decoded = decodeResult(method, { resultType: 'input_required', requestState: 's' });
      expect(!decoded.ok && decoded.rule, method).toBe('C-16');
    }
    for (const method of ['tools/call', 'prompts/get', 'resources/read'] as const) {
      expect(decodeResult(method, { resultType: 'input_required', requestState: 's' }).ok, method).toBe(true);
    }
  });

  it('P-73: input_required needs inputRequests or requestState', () => {
    const decoded = decodeResult('tools/call', { resultType: 'input_required' });
    expect(!decoded.ok && decoded.rule).toBe('P-73');
    const withRequests = decodeResult('tools/call', {
      resultType: 'input_required',
      inputRequests: { roots: { method: 'roots/list' } },
    });
    expect(withRequests.ok).toBe(true);
  });

  it('rejects an input request of a method MRTR does not define (S-54)', () => {
    const decoded = decodeResult('tools/call', {
      resultType: 'input_required',
      inputRequests: { ping: { method: 'ping' } },
    });
    expect(decoded.ok).toBe(false);
  });

  it('C-32: a cacheable result without hints reads as ttlMs 0 and "private"', () => {
    const decoded = decodeResult('tools/list', { resultType: 'complete', tools: [] });
    expect(decoded.ok && decoded.value).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it('C-32: a negative ttlMs reads as 0; Q-17: a fractional one is floored', () => {
    const negative = decodeResult('resources/read', { contents: [], ttlMs: -5, cacheScope: 'public' });
    expect(negative.ok && negative.value).toMatchObject({ ttlMs: 0, cacheScope: 'public' });
    const fraction = decodeResult('server/discover', {
      supportedVersions: ['2026-07-28'],
      capabilities: {},
      ttlMs: 1500.7,
      cacheScope: 'private',
    });
    expect(fraction.ok && fraction.value).toMatchObject({ ttlMs: 1500 });
  });

  it('P-70: a cacheScope outside public/private is invalid', () => {
    expect(decodeResult('tools/list', { tools: [], ttlMs: 0, cacheScope: 'shared' }).ok).toBe(false);
  });

  it('does not add cache hints to non-cacheable or input_required results (P-71)', () => {
    expect(applyResultDefaults({ resultType: 'complete', content: [] }, false)).not.toHaveProperty('ttlMs');
    expect(applyResultDefaults({ resultType: 'input_required', requestState: 'x' }, true)).not.toHaveProperty(
      'ttlMs',
    );
  });

  it('S-44: a completion with more than 100 values is invalid', () => {
    const values = Array.from({ length: 101 }, (_, i) => `v${i}`);
    expect(decodeResult('completion/complete', { completion: { values } }).ok).toBe(false);
    expect(decodeResult('completion/complete', { completion: { values: values.slice(1) } }).ok).toBe(true);
  });

  it('P-41: a listen result must carry its subscriptionId', () => {
    expect(decodeResult('subscriptions/listen', { resultType: 'complete' }).ok).toBe(false);
    const ok = decodeResult('subscriptions/listen', {
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' },
    });
    expect(ok.ok).toBe(true);
  });

  it('P-62: structuredContent may be any JSON value', () => {
    for (const structuredContent of [[1, 2], 'text', 42, null, { a: 1 }]) {
      expect(decodeResult('tools/call', { content: [], structuredContent }).ok).toBe(true);
    }
  });

  it('names the failing path', () => {
    const decoded = decodeResult('tools/call', { content: [{ type: 'text' }] });
    expect(!decoded.ok && decoded.error.message).toMatch(/result\.content\[0\]/);
  });
});

describe('decodeInputRequiredResult', () => {
  it('P-18: rejects another resultType', () => {
    expect(decodeInputRequiredResult({ resultType: 'complete', requestState: 'x' }).ok).toBe(false);
  });
});
