const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
/** Visible ASCII and space: what a header value may hold unencoded. */
const PLAIN = /^[\x20-\x7e]*$/;

/** Made on first use: made at load, it would be code a bundler keeps in every app. */
let utf8: TextDecoder | undefined;
const encoder = new TextEncoder();

function looksLikeSentinel(value: string): boolean {
  return value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX);
}

function base64Utf8(value: string): string {
  let binary = '';
  for (const byte of encoder.encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A number in decimal (H-26): integers digit by digit, since `String(1e21)` is `'1e+21'`. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} has no header encoding`); // H-26
  // String() of a safe integer is already its exact digits; only larger integers need BigInt's.
  if (Number.isSafeInteger(value) || !Number.isInteger(value)) return String(value);
  return BigInt(value).toString();
}

/**
 * Encodes a value for `Mcp-Name` or an `Mcp-Param-*` header (H-26): a string as is, an integer
 * in decimal, a boolean as `true`/`false`; a value that is not plain visible ASCII, has leading or
 * trailing whitespace, is empty, or looks like the sentinel itself becomes `=?base64?…?=` over its UTF-8.
 * An integer is written out in full (`1e21` as `1000000000000000000000`, never in exponent form);
 * another finite number as JavaScript prints it, so the server compares it with the body and its
 * schema check reports the wrong argument. A number that is not finite throws a `RangeError`.
 *
 * @example
 * ```ts
 * encodeHeaderValue('us-west1');    // 'us-west1'
 * encodeHeaderValue('Hello, 世界'); // '=?base64?SGVsbG8sIOS4lueVjA==?='
 * ```
 */
export function encodeHeaderValue(value: string | number | boolean): string {
  const text = typeof value === 'number' ? numberText(value) : String(value);
  const plain = text.length > 0 && PLAIN.test(text) && text.trim() === text && !looksLikeSentinel(text);
  return plain ? text : `${SENTINEL_PREFIX}${base64Utf8(text)}${SENTINEL_SUFFIX}`;
}

/** A space or a tab: the whitespace allowed around a field value (RFC 9110 §5.5). */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * A received field value without the spaces and tabs around it. Clients send unpadded values,
 * so the regex runs only when an end is blank.
 */
export function trimFieldValue(raw: string): string {
  if (raw === '' || (!isBlank(raw.charCodeAt(0)) && !isBlank(raw.charCodeAt(raw.length - 1)))) return raw;
  return raw.replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * Whether `value` holds only visible ASCII, space and tab: what a received header value may hold
 * (RFC 9110 field values). A loop, not a regexp: the server checks two or three headers per request,
 * and a regexp test costs several times a loop over a short value.
 */
export function isFieldValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code > 0x7e) && code !== 0x09) return false;
  }
  return true;
}

/**
 * Decodes a received `Mcp-Name` or `Mcp-Param-*` value: optional whitespace around it is
 * ignored, a sentinel value is Base64-decoded as UTF-8. Returns `undefined` when the value holds
 * characters a header may not carry or its Base64 is malformed (H-29).
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = trimFieldValue(raw);
  if (!isFieldValue(value)) return undefined;
  if (!value.startsWith(SENTINEL_PREFIX)) return value;
  const match = SENTINEL.exec(value);
  if (!match) return looksLikeSentinel(value) ? undefined : value;
  const payload = match[1]!;
  if (payload.length % 4 !== 0) return undefined;
  try {
    const binary = atob(payload);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    utf8 ??= new TextDecoder('utf-8', { fatal: true });
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
