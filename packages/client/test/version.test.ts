import { McpError, TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { probeVerdict, versionAfterRefusal } from '../src/version.js';

const ours = ['2026-07-28'];
const discover = (supportedVersions: string[]) =>
  ({
    kind: 'result',
    result: { resultType: 'complete', ttlMs: 0, cacheScope: 'private', supportedVersions, capabilities: {} },
  }) as const;
const error = (code: number, data?: unknown) =>
  ({ kind: 'error', error: new McpError(code, 'nope', data) }) as const;

describe('probeVerdict (the era and version decision table)', () => {
  it('C-11: a DiscoverResult is modern; the newest version we share is chosen', () => {
    expect(probeVerdict(discover(['2025-11-25', '2026-07-28']), ours, false)).toEqual({
      kind: 'modern',
      version: '2026-07-28',
    });
    expect(probeVerdict(discover(['2026-07-28', '2099-01-01']), ['2099-01-01', '2026-07-28'], false)).toEqual(
      {
        kind: 'modern',
        version: '2099-01-01',
      },
    );
  });

  it('C-11: a DiscoverResult without a shared version is "no common version"', () => {
    expect(probeVerdict(discover(['2025-11-25']), ours, false)).toEqual({
      kind: 'no-common-version',
      theirs: ['2025-11-25'],
    });
  });

  it('C-10, T-21: -32022 is modern: retry once with a version from data.supported', () => {
    const refusal = error(-32022, { supported: ['2026-07-28', '2025-11-25'], requested: '2099-01-01' });
    expect(probeVerdict(refusal, ['2099-01-01', '2026-07-28'], false)).toEqual({
      kind: 'retry',
      version: '2026-07-28',
    });
    expect(probeVerdict(refusal, ['2099-01-01', '2026-07-28'], true)).toEqual({
      kind: 'no-common-version',
      theirs: ['2026-07-28', '2025-11-25'],
    });
  });

  it('C-10: -32022 naming only versions we do not speak is "no common version"', () => {
    expect(probeVerdict(error(-32022, { supported: ['2025-11-25'] }), ours, false).kind).toBe(
      'no-common-version',
    );
    expect(probeVerdict(error(-32022, 'garbage'), ours, false)).toEqual({
      kind: 'no-common-version',
      theirs: [],
    });
  });

  it('C-10: -32022 that still lists the version sent is retried once with it (a transient refusal)', () => {
    expect(probeVerdict(error(-32022, { supported: ['2026-07-28'] }), ours, false)).toEqual({
      kind: 'retry',
      version: '2026-07-28',
    });
    expect(probeVerdict(error(-32022, { supported: ['2026-07-28'] }), ours, true).kind).toBe(
      'no-common-version',
    );
  });

  it('B-5: -32020 and -32021 are modern errors, reported, never a fallback', () => {
    for (const code of [-32020, -32021]) {
      const verdict = probeVerdict(error(code), ours, false);
      expect(verdict.kind).toBe('failed');
    }
  });

  it('T-21, T-22: any other error code is an older revision, whatever the code', () => {
    for (const code of [-32601, -32602, -32600, -32603, -32000, -32001, -32002, 1234]) {
      const verdict = probeVerdict(error(code), ours, false);
      expect(verdict.kind).toBe('legacy');
      expect((verdict as { evidence: string }).evidence).toContain(String(code));
    }
  });

  it('T-21: silence within the timeout is an older revision', () => {
    expect(probeVerdict({ kind: 'silence', waitedMs: 500 }, ours, false)).toEqual({
      kind: 'legacy',
      evidence: 'no answer to server/discover within 500 ms',
    });
  });

  it('B-4, B-7: HTTP 400/404/405 without a JSON-RPC body is an older revision; other transport failures are failures', () => {
    for (const status of [400, 404, 405]) {
      const outcome = {
        kind: 'transport',
        error: new TransportError('bad-response', 'x', { status }),
      } as const;
      expect(probeVerdict(outcome, ours, false).kind).toBe('legacy');
    }
    for (const transportError of [
      new TransportError('bad-response', 'x', { status: 401 }),
      new TransportError('bad-response', 'x', { status: 500 }),
      new TransportError('connection-lost', 'x'),
      new TransportError('closed', 'x'),
    ]) {
      expect(probeVerdict({ kind: 'transport', error: transportError }, ours, false)).toEqual({
        kind: 'failed',
        error: transportError,
      });
    }
  });
});

describe('versionAfterRefusal', () => {
  it('C-10: picks our most preferred version among data.supported', () => {
    expect(versionAfterRefusal(['a', 'b', 'c'], { supported: ['c', 'b'] })).toEqual({
      version: 'b',
      theirs: ['c', 'b'],
    });
    expect(versionAfterRefusal(['a', 'b'], { supported: ['a'] }).version).toBe('a');
    expect(versionAfterRefusal(['a'], { supported: [1, null, 'a'] })).toEqual({
      version: 'a',
      theirs: ['a'],
    });
    expect(versionAfterRefusal(['a'], undefined)).toEqual({ version: undefined, theirs: [] });
  });
});
