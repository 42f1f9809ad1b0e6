const encoder = new TextEncoder();
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Base64url without padding (RFC 4648 §5) of `bytes`, or of the UTF-8 of a string. */
export function toBase64url(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes unpadded base64url, or `undefined` when `text` is not the canonical encoding of
 * some bytes: a character outside the alphabet, an impossible length, or non-zero unused bits in
 * the last character. Being strict means no two strings decode to the same bytes, so a tampered
 * encoding is never mistaken for the original.
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return toBase64url(bytes) === text ? bytes : undefined;
}
