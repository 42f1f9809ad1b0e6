import { describe, expect, it } from 'vitest';
import { iconContentProblem, iconSourceProblem, sniffImageType } from '../src/index.js';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const text = (s: string) => new TextEncoder().encode(s);

describe('icons (P-92, P-93)', () => {
  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'http://example.com/i.png',
    'ftp://x/i.png',
    'ws://x',
    'myapp://icon',
    'data:text/html,<b>',
    'relative.png',
  ])('P-93: refuses the source %s', (src) => {
    expect(iconSourceProblem(src)).toBeDefined();
  });

  it('P-93: allows https and data: images, and can require the server’s origin', () => {
    expect(iconSourceProblem('https://example.com/icon.png')).toBeUndefined();
    expect(iconSourceProblem('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
    expect(
      iconSourceProblem('https://cdn.other.com/i.png', { serverOrigin: 'https://example.com/mcp' }),
    ).toMatch(/origin/);
    expect(
      iconSourceProblem('https://example.com/i.png', { serverOrigin: 'https://example.com/mcp' }),
    ).toBeUndefined();
  });

  it('P-92: sniffs PNG, JPEG, WebP and SVG', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffImageType(text('hello'))).toBeUndefined();
  });

  it('P-93: refuses a mismatch between declared and real type', () => {
    expect(iconContentProblem(jpeg, 'image/png')).toMatch(/declared/);
    expect(iconContentProblem(jpeg, 'image/jpg')).toBeUndefined();
    expect(iconContentProblem(png, 'image/png')).toBeUndefined();
  });

  it('P-93: refuses oversized, animated, unknown and scripted images', () => {
    expect(iconContentProblem(png, undefined, { maxBytes: 4 })).toMatch(/large/);
    expect(iconContentProblem(text('GIF89a....'))).toMatch(/supported/);
    const apng = new Uint8Array([...png, ...text('acTL')]);
    expect(iconContentProblem(apng)).toMatch(/animated/);
    expect(iconContentProblem(text('<svg onload="x()"></svg>'))).toMatch(/script/);
    expect(iconContentProblem(text('<svg><script>x()</script></svg>'))).toMatch(/script/);
    expect(iconContentProblem(text('<svg><circle r="1"/></svg>'))).toBeUndefined();
  });
});
