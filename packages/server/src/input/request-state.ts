import { isRecord, McpError } from '@mcpkit/protocol/internal';
import { fromBase64url, toBase64url } from '../encoding/base64url.js';
import { canonicalDigest } from '../encoding/canonical-json.js';

/** One HMAC key of the ring. `id` names it inside every state it signs. */
export interface RequestStateKey {
  /** A short name, `[A-Za-z0-9_-]`, unique in the ring. */
  id: string;
  /** At least 32 bytes of secret: raw bytes, or a string taken as its UTF-8. */
  secret: string | Uint8Array;
}

/**
 * How `requestState` is protected (MRTR, S-57, S-58): signed with HMAC, so the client cannot change
 * it, but not encrypted, so the client can read it (earlier answers, `once` values, the principal).
 */
export interface RequestStateOptions {
  /**
   * The key ring, newest first: states are signed with the first key and accepted when signed with
   * any. Rotate by adding a new key in front on every instance, then dropping the old one once
   * `ttlMs` has passed. Default: one random key, private to this server object — right for a
   * single process; several instances behind a load balancer must share their keys. A key given
   * here without a usable secret (say, an unset environment variable) is a `TypeError`.
   */
  keys?: readonly RequestStateKey[];
  /** How long a state stays valid, in milliseconds. Default 10 minutes. */
  ttlMs?: number;
  /**
   * Longest `requestState` accepted, in characters, checked before anything in it is decoded or
   * verified. Default 1 MiB; a handler whose answers or `once` values are larger needs more.
   */
  maxLength?: number;
  /** The clock, for tests. Default `Date.now`. */
  now?: () => number;
}

/** What a state is bound to: the originating request and the caller (S-58). */
export interface RequestStateBinding {
  method: string;
  /** The request params; `_meta`, `inputResponses` and `requestState` are left out of the digest. */
  params: Record<string, unknown>;
  /** `RequestContext.auth.principal`, when the transport authenticated the caller. */
  principal: string | undefined;
}

/** What the server carries from one round to the next, keyed by input key or `once` key. */
export interface RequestStatePayload {
  /** Answers of earlier rounds, in the order the handler asked for them under each key. */
  answers: ReadonlyMap<string, readonly unknown[]>;
  /** The input keys asked in the latest round, with their methods. */
  pending: ReadonlyMap<string, string>;
  /** Values the handler stored with `ctx.once`. */
  memo: ReadonlyMap<string, unknown>;
}

export type OpenedRequestState = { ok: true; payload: RequestStatePayload } | { ok: false; reason: string };

const VERSION = 'v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MIN_SECRET_BYTES = 32;
const DEFAULT_TTL_MS = 10 * 60 * 1000;
const DEFAULT_MAX_LENGTH = 1024 * 1024;
/**
 * The least entropy a secret's bytes may show, in bits, counted from how often each byte value
 * occurs. It refuses what is plainly not random (32 spaces, `abab…`, one word repeated) and
 * accepts 32 random bytes (about 150 bits by this count) or 32 hexadecimal digits (about 120).
 */
const MIN_SECRET_ENTROPY_BITS = 96;
const EXCLUDED_PARAMS = new Set(['_meta', 'inputResponses', 'requestState']);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface WirePayload {
  m: string;
  d: string;
  p: string | null;
  x: number;
  a: Record<string, readonly unknown[]>;
  q: Record<string, string>;
  /** Each `once` value boxed, `[]` for `undefined`, which JSON cannot hold in an object. */
  s: Record<string, [] | [unknown]>;
}

function isWirePayload(value: unknown): value is WirePayload {
  if (!isRecord(value)) return false;
  const { m, d, p, x, a, q, s } = value;
  return (
    typeof m === 'string' &&
    typeof d === 'string' &&
    (p === null || typeof p === 'string') &&
    typeof x === 'number' &&
    isRecord(a) &&
    Object.values(a).every(Array.isArray) &&
    isRecord(q) &&
    Object.values(q).every((method) => typeof method === 'string') &&
    isRecord(s) &&
    Object.values(s).every((box) => Array.isArray(box) && box.length <= 1)
  );
}

async function paramsDigest(params: Record<string, unknown>): Promise<string> {
  const salient: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    if (!EXCLUDED_PARAMS.has(key)) salient[key] = params[key];
  }
  try {
    return toBase64url(await canonicalDigest(salient));
  } catch (error) {
    // Canonical JSON recurses as deep as the arguments nest; past the stack that is the client's doing.
    if (error instanceof RangeError) throw McpError.invalidParams('The params nest too deeply');
    throw error;
  }
}

function randomSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

function secretBytes(id: string, secret: unknown): Uint8Array<ArrayBuffer> {
  // A missing secret (an unset environment variable) must not become a random key: every other
  // instance would then refuse this one's states.
  if (typeof secret !== 'string' && !(secret instanceof Uint8Array)) {
    throw new TypeError(`requestState key ${JSON.stringify(id)} needs a secret: a string or a Uint8Array`);
  }
  const bytes = typeof secret === 'string' ? encoder.encode(secret) : new Uint8Array(secret);
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new TypeError(
      `requestState key ${JSON.stringify(id)} needs at least ${MIN_SECRET_BYTES} bytes of secret`,
    );
  }
  const bits = entropyBits(bytes);
  if (bits < MIN_SECRET_ENTROPY_BITS) {
    throw new TypeError(
      `requestState key ${JSON.stringify(id)} has a weak secret (about ${Math.floor(bits)} bits of entropy, ` +
        `at least ${MIN_SECRET_ENTROPY_BITS} needed): use ${MIN_SECRET_BYTES} random bytes`,
    );
  }
  return bytes;
}

/** The Shannon entropy of `bytes` by the frequency of each byte value, times their number. */
function entropyBits(bytes: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (const byte of bytes) counts[byte]!++;
  let bits = 0;
  for (const count of counts) {
    if (count > 0) bits -= count * Math.log2(count / bytes.length);
  }
  return bits;
}

/**
 * Seals and opens `requestState` strings: `v1.<key id>.<payload>.<HMAC-SHA-256>`, base64url.
 * The payload carries an expiry and is bound to the method, a SHA-256 digest of the canonical
 * JSON of the salient params, and the caller's principal. Anything that fails verification is
 * refused with a reason and never decoded further. Runs on Web Crypto, so on every runtime.
 * Signed, not encrypted: whoever holds a state can decode the answers, the `once` values and the
 * principal in it, so none of them may be a secret.
 *
 * @example
 * ```ts
 * const codec = new RequestStateCodec({ keys: [{ id: '2025-06', secret: process.env.MRTR_KEY! }] });
 * const state = await codec.seal(payload, { method: 'tools/call', params, principal: undefined });
 * const opened = await codec.open(state, { method: 'tools/call', params, principal: undefined });
 * ```
 */
export class RequestStateCodec {
  /** Key material by id; imported into Web Crypto on first use, which keeps it off start-up. */
  private readonly keys: ReadonlyMap<string, () => Promise<CryptoKey>>;
  private readonly signingKeyId: string;
  private readonly ttlMs: number;
  private readonly maxLength: number;
  private readonly now: () => number;

  constructor(options: RequestStateOptions = {}) {
    // Without configured keys: one random key, private to this codec.
    const ring: ReadonlyArray<{ id: string; secret?: unknown }> = options.keys ?? [{ id: 'local' }];
    if (ring.length === 0) throw new TypeError('requestState.keys needs at least one key');
    const keys = new Map<string, () => Promise<CryptoKey>>();
    for (const key of ring) {
      if (!KEY_ID.test(key.id))
        throw new TypeError(`requestState key id ${JSON.stringify(key.id)} is not [A-Za-z0-9_-]{1,64}`);
      if (keys.has(key.id))
        throw new TypeError(`requestState key id ${JSON.stringify(key.id)} is used twice`);
      const bytes = options.keys === undefined ? undefined : secretBytes(key.id, key.secret);
      let imported: Promise<CryptoKey> | undefined;
      keys.set(key.id, () => {
        imported ??= crypto.subtle.importKey(
          'raw',
          bytes ?? randomSecret(),
          { name: 'HMAC', hash: 'SHA-256' },
          false,
          ['sign', 'verify'],
        );
        return imported;
      });
    }
    const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    if (!Number.isFinite(ttlMs) || ttlMs <= 0)
      throw new RangeError('requestState.ttlMs must be a positive number');
    this.keys = keys;
    this.signingKeyId = ring[0]!.id;
    this.ttlMs = ttlMs;
    const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
    if (!(maxLength > 0)) throw new RangeError('requestState.maxLength must be a positive number');
    this.maxLength = maxLength;
    this.now = options.now ?? Date.now;
  }

  /** A signed state carrying `payload`, bound to `binding`, valid for `ttlMs`. */
  async seal(payload: RequestStatePayload, binding: RequestStateBinding): Promise<string> {
    const wire: WirePayload = {
      m: binding.method,
      d: await paramsDigest(binding.params),
      p: binding.principal ?? null,
      x: this.now() + this.ttlMs,
      a: Object.fromEntries(payload.answers),
      q: Object.fromEntries(payload.pending),
      s: Object.fromEntries(
        [...payload.memo].map(([key, value]) => [key, value === undefined ? [] : [value]]),
      ),
    };
    const signed = `${VERSION}.${this.signingKeyId}.${toBase64url(JSON.stringify(wire))}`;
    const key = await this.keys.get(this.signingKeyId)!();
    const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(signed));
    return `${signed}.${toBase64url(new Uint8Array(signature))}`;
  }

  /** Verifies `token` (signature, expiry, binding) and returns its payload, or why it was refused. */
  async open(token: string, binding: RequestStateBinding): Promise<OpenedRequestState> {
    if (token.length > this.maxLength)
      return { ok: false, reason: `longer than ${this.maxLength} characters` };
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) return { ok: false, reason: 'malformed' };
    const [, keyId, body, signatureText] = parts as [string, string, string, string];
    const importKey = this.keys.get(keyId);
    if (!importKey) return { ok: false, reason: 'signed with an unknown key' };
    const signature = fromBase64url(signatureText);
    const bodyBytes = fromBase64url(body);
    if (!signature || !bodyBytes) return { ok: false, reason: 'malformed' };
    const key = await importKey();
    const signed = encoder.encode(`${VERSION}.${keyId}.${body}`);
    if (!(await crypto.subtle.verify('HMAC', key, signature, signed))) {
      return { ok: false, reason: 'signature does not verify' };
    }
    let wire: unknown;
    try {
      wire = JSON.parse(decoder.decode(bodyBytes));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!isWirePayload(wire)) return { ok: false, reason: 'malformed' };
    if (this.now() >= wire.x) return { ok: false, reason: 'expired' };
    if (wire.m !== binding.method) return { ok: false, reason: 'issued for another method' };
    if (wire.p !== (binding.principal ?? null)) return { ok: false, reason: 'issued to another caller' };
    if (wire.d !== (await paramsDigest(binding.params)))
      return { ok: false, reason: 'issued for other params' };
    const payload = {
      answers: new Map(Object.entries(wire.a)),
      pending: new Map(Object.entries(wire.q)),
      memo: new Map(Object.entries(wire.s).map(([key, box]) => [key, box[0]])),
    };
    return { ok: true, payload };
  }
}
