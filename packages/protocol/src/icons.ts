/** Image types an icon-rendering client must (PNG, JPEG) or should (SVG, WebP) support (P-92). */
export const ICON_MIME_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/svg+xml',
  'image/webp',
];

/** Largest icon a client should accept, in bytes. */
export const MAX_ICON_BYTES = 512 * 1024;

/**
 * Why an icon's `src` must not be loaded, or `undefined` when it may be (P-93): only `https:` URLs and
 * `data:` image URIs; `javascript:`, `file:`, `http:`, `ftp:`, `ws:` and app schemes are refused. When
 * `serverOrigin` is given, a URL on another origin is refused too (prefer same-origin icons).
 *
 * Load an accepted URL without credentials (`fetch(src, { credentials: 'omit', redirect: 'error' })`)
 * and check the bytes with `iconContentProblem` before showing them.
 */
export function iconSourceProblem(src: string, options: { serverOrigin?: string } = {}): string | undefined {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol === 'data:') {
    return /^data:image\/[a-z0-9.+-]+(;[^,]*)?,/i.test(src) ? undefined : 'a data: icon must hold an image';
  }
  if (url.protocol !== 'https:') return `scheme ${url.protocol} is not allowed for icons`;
  if (options.serverOrigin !== undefined && url.origin !== new URL(options.serverOrigin).origin) {
    return `icon is not on the server's origin ${new URL(options.serverOrigin).origin}`;
  }
  return undefined;
}

const startsWith = (bytes: Uint8Array, prefix: number[], offset = 0) =>
  prefix.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The image type the bytes really hold, by their magic numbers. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'image/gif';
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  return undefined;
}

function isAnimated(bytes: Uint8Array, type: string): boolean {
  const text = ascii(bytes, 0, Math.min(bytes.length, 4096));
  if (type === 'image/png') return text.includes('acTL');
  if (type === 'image/webp') return text.includes('ANIM');
  return type === 'image/gif';
}

/**
 * Why fetched icon bytes must not be shown, or `undefined` when they may be (P-93): the sniffed type
 * must be a supported image type and match the declared one; oversized or animated images and SVGs
 * that can run script are refused.
 */
export function iconContentProblem(
  bytes: Uint8Array,
  declaredMimeType?: string,
  options: { maxBytes?: number } = {},
): string | undefined {
  if (bytes.length > (options.maxBytes ?? MAX_ICON_BYTES)) return 'icon is too large';
  const actual = sniffImageType(bytes);
  if (actual === undefined || !ICON_MIME_TYPES.includes(actual)) return 'not a supported image';
  const declared = declaredMimeType === 'image/jpg' ? 'image/jpeg' : declaredMimeType;
  if (declared !== undefined && declared !== actual)
    return `declared ${declaredMimeType} but the bytes are ${actual}`;
  if (isAnimated(bytes, actual)) return 'animated icons are not accepted';
  if (actual === 'image/svg+xml') {
    const svg = new TextDecoder().decode(bytes).toLowerCase();
    if (/<script|\son[a-z]+\s*=|javascript:|<foreignobject/.test(svg)) return 'SVG icon contains script';
  }
  return undefined;
}
