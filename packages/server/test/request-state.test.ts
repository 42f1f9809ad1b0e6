import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/encoding/canonical-json.js';
import { type RequestStateBinding, RequestStateCodec } from '../src/input/request-state.js';

const secretA = 'hR7qL2vXw9Zk4Tn8Pb3Ys6Md1Fc5Gj0E';
const secretB = 'Qm4Wz8Kt1Vr6Hx3Nc9Lp2Jd7Sb5Gf0Ay';
const payload = {
  answers: new Map([['name', [{ action: 'accept', content: { name: 'Ada' } }]]]),
  pending: new Map([['color', 'elicitation/create']]),
  memo: new Map<string, unknown>([
    ['n', 1],
    ['none', undefined],
  ]),
};
const binding: RequestStateBinding = {
  method: 'tools/call',
  params: { name: 'greet', arguments: { who: 'x', n: 1 }, _meta: { a: 1 } },
  principal: 'user-1',
};

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"z":1}]},"b":1}',
    );
  });

  it('gives equal JSON values the same text (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reordered = JSON.parse(JSON.stringify(value), (_, v) =>
          v && typeof v === 'object' && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).reverse())
            : v,
        );
        expect(canonicalJson(reordered)).toBe(canonicalJson(value));
      }),
    );
  });
});

describe('RequestStateCodec', () => {
  it('S-57: round-trips a payload', async () => {
    const codec = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const token = await codec.seal(payload, binding);
    expect(await codec.open(token, binding)).toEqual({ ok: true, payload });
  });

  it('S-57: rejects a change at every character position of the state', async () => {
    const codec = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const token = await codec.seal(payload, binding);
    for (let i = 0; i < token.length; i++) {
      for (const replacement of ['A', 'x', '_', '.']) {
        if (token[i] === replacement) continue;
        const tampered = token.slice(0, i) + replacement + token.slice(i + 1);
        const opened = await codec.open(tampered, binding);
        expect(opened.ok, `position ${i} → ${replacement}`).toBe(false);
      }
    }
    expect((await codec.open(`${token}A`, binding)).ok).toBe(false);
    expect((await codec.open(token.slice(0, -1), binding)).ok).toBe(false);
  });

  it('S-58: rejects an expired state', async () => {
    let now = 1_000;
    const codec = new RequestStateCodec({
      keys: [{ id: 'k1', secret: secretA }],
      ttlMs: 500,
      now: () => now,
    });
    const token = await codec.seal(payload, binding);
    now = 1_499;
    expect((await codec.open(token, binding)).ok).toBe(true);
    now = 1_500;
    expect(await codec.open(token, binding)).toEqual({ ok: false, reason: 'expired' });
  });

  it('S-58, S-76: binds the method, the salient params and the principal (elicitation state is bound to the user)', async () => {
    const codec = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const token = await codec.seal(payload, binding);
    const open = (b: Partial<RequestStateBinding>) => codec.open(token, { ...binding, ...b });
    expect(await open({ method: 'prompts/get' })).toMatchObject({
      ok: false,
      reason: 'issued for another method',
    });
    expect(await open({ principal: 'user-2' })).toMatchObject({
      ok: false,
      reason: 'issued to another caller',
    });
    expect(await open({ principal: undefined })).toMatchObject({
      ok: false,
      reason: 'issued to another caller',
    });
    expect(await open({ params: { ...binding.params, arguments: { who: 'y', n: 1 } } })).toMatchObject({
      ok: false,
      reason: 'issued for other params',
    });
    // Key order, _meta, inputResponses and requestState do not count.
    expect(
      await open({
        params: {
          arguments: { n: 1, who: 'x' },
          name: 'greet',
          _meta: { b: 2 },
          inputResponses: {},
          requestState: 'x',
        },
      }),
    ).toMatchObject({ ok: true });
  });

  it('signs with the newest key and verifies with any key of the ring (rotation)', async () => {
    const old = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const rotated = new RequestStateCodec({
      keys: [
        { id: 'k2', secret: secretB },
        { id: 'k1', secret: secretA },
      ],
    });
    const retired = new RequestStateCodec({ keys: [{ id: 'k2', secret: secretB }] });
    const fromOld = await old.seal(payload, binding);
    expect((await rotated.open(fromOld, binding)).ok).toBe(true);
    const fromRotated = await rotated.seal(payload, binding);
    expect(fromRotated.split('.')[1]).toBe('k2');
    expect((await retired.open(fromRotated, binding)).ok).toBe(true);
    expect(await retired.open(fromOld, binding)).toEqual({ ok: false, reason: 'signed with an unknown key' });
  });

  it('rejects a state signed by another key with the same id (foreign instance)', async () => {
    const mine = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const theirs = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretB }] });
    const token = await theirs.seal(payload, binding);
    expect(await mine.open(token, binding)).toEqual({ ok: false, reason: 'signature does not verify' });
  });

  it('the default key is private to each codec', async () => {
    const a = new RequestStateCodec();
    const b = new RequestStateCodec();
    const token = await a.seal(payload, binding);
    expect((await a.open(token, binding)).ok).toBe(true);
    expect((await b.open(token, binding)).ok).toBe(false);
  });

  it('S-58: a configured key without a secret (an unset environment variable) is refused, not made random', () => {
    const unset = process.env.MCPKIT_TEST_UNSET_SECRET as string;
    expect(() => new RequestStateCodec({ keys: [{ id: 'k1', secret: unset }] })).toThrow(
      /requestState key "k1" needs a secret/,
    );
    expect(
      () =>
        new RequestStateCodec({
          keys: [
            { id: 'k1', secret: secretA },
            { id: 'k0', secret: 42 as never },
          ],
        }),
    ).toThrow(/"k0" needs a secret/);
  });

  it('refuses weak or malformed key configuration', () => {
    expect(() => new RequestStateCodec({ keys: [] })).toThrow(TypeError);
    expect(() => new RequestStateCodec({ keys: [{ id: 'k', secret: 'short' }] })).toThrow(/32 bytes/);
    expect(() => new RequestStateCodec({ keys: [{ id: 'a.b', secret: secretA }] })).toThrow(TypeError);
    expect(
      () =>
        new RequestStateCodec({
          keys: [
            { id: 'k', secret: secretA },
            { id: 'k', secret: secretB },
          ],
        }),
    ).toThrow(/twice/);
    expect(() => new RequestStateCodec({ ttlMs: 0 })).toThrow(RangeError);
  });

  it('requestState size is checked before any decoding: a 4 MiB forged state is refused as too long', async () => {
    const codec = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const forged = `v1.k1.${'A'.repeat(4 * 1024 * 1024)}.${'B'.repeat(43)}`;
    expect(await codec.open(forged, binding)).toEqual({
      ok: false,
      reason: 'longer than 1048576 characters',
    });
    const small = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }], maxLength: 100 });
    const sealed = await small.seal(payload, binding);
    expect(await small.open(sealed, binding)).toMatchObject({
      ok: false,
      reason: 'longer than 100 characters',
    });
    expect(() => new RequestStateCodec({ maxLength: 0 })).toThrow(RangeError);
  });

  it('weak keys are refused: a secret with too little entropy is a TypeError', () => {
    const weak = [' '.repeat(32), 'a'.repeat(64), 'ab'.repeat(32), 'password'.repeat(4), new Uint8Array(32)];
    for (const secret of weak) {
      expect(() => new RequestStateCodec({ keys: [{ id: 'k', secret }] })).toThrow(/weak secret/);
    }
    const random = crypto.getRandomValues(new Uint8Array(32));
    const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    for (const secret of [random, hex, secretA, 'k1-secret-k1-secret-k1-secret-k1-secret']) {
      expect(() => new RequestStateCodec({ keys: [{ id: 'k', secret }] })).not.toThrow();
    }
  });

  it('never throws on arbitrary input (fuzz)', async () => {
    const codec = new RequestStateCodec({ keys: [{ id: 'k1', secret: secretA }] });
    const valid = await codec.seal(payload, binding);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom('v', '1', '.', 'k', 'A', '_', '-', '=') }),
          fc
            .nat({ max: valid.length })
            .chain((i) => fc.string().map((s) => valid.slice(0, i) + s + valid.slice(i + 1))),
        ),
        async (token) => {
          const opened = await codec.open(token, binding);
          if (token !== valid) expect(opened.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
