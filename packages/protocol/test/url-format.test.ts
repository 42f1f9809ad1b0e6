import { format } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUrl } from '../src/url-format.js';

/** The validator's own `url` check, taken before anything replaces it. */
const original = format.url!;

const EXAMPLES = [
  'http://example.com',
  'https://user:pass@example.com:8080/path?q=1#x',
  'ftp://ftp.example.org/file.txt',
  'HTTP://EXAMPLE.COM',
  'http://8.8.8.8',
  'http://10.0.0.1',
  'http://127.0.0.1:3000',
  'http://172.20.1.1',
  'http://192.168.1.1/x',
  'http://169.254.1.1',
  'http://223.255.255.254',
  'http://224.0.0.1',
  'http://a-b.example.com',
  'http://a--b.example.com',
  'http://-a.example.com',
  'http://a.b',
  'http://localhost',
  'http://ex ample.com',
  'http://a@b@c.com',
  'http://@example.com',
  'http://@@example.com',
  'http://a/b@example.com',
  'http://a/b@c/d',
  'http://例え.テスト',
  'http://example.com:1',
  'http://example.com:123456',
  'http://example.com:80:80',
  'mailto:a@b.com',
  'http://',
];

describe('url format', () => {
  it('accepts exactly what the validator accepted, on examples', () => {
    for (const value of EXAMPLES) expect([value, isUrl(value)]).toEqual([value, original(value)]);
  });

  it('accepts exactly what the validator accepted, on random URLs', () => {
    const part = fc.constantFrom(
      'a',
      'b',
      '1',
      '9',
      '-',
      '.',
      ':',
      '/',
      '@',
      'co',
      '10',
      '172',
      '255',
      ' ',
      'é',
    );
    const scheme = fc.constantFrom('http://', 'https://', 'ftp://', 'HTTP://', 'ftp:/', '');
    const url = fc.tuple(scheme, fc.array(part, { maxLength: 10 })).map(([s, parts]) => s + parts.join(''));
    fc.assert(
      fc.property(url, (value) => {
        expect(isUrl(value)).toBe(original(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('format "url" takes linear time on the inputs that stalled the validator', () => {
    const n = 100_000;
    for (const value of [
      `http://${'a'.repeat(n)}!`,
      `http://${'a-'.repeat(n)}`,
      `http://${'a.'.repeat(n)}`,
      `http://${'@'.repeat(n)}`,
      `http://${'a@'.repeat(n)}`,
      `http://${'a:'.repeat(n)}`,
      `http://${'1.'.repeat(n)}`,
      `http://${'a/@'.repeat(n)}`,
    ]) {
      const started = performance.now();
      isUrl(value);
      // Milliseconds when linear, minutes when it backtracks; room for a busy machine in between.
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
