import { format } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../src/json-schema.js';
import { formatCheck } from '../src/json-schema-formats.js';

/** Characters each format's random strings are made of: its own syntax and a few that break it. */
const ALPHABETS: Record<string, string> = {
  date: '0123456789-',
  time: '0123456789:.Zz+-',
  'date-time': '0123456789:-TtZ +.',
  duration: 'PYMWDTHS0123456789',
  uri: "ab:/?#[]@!$&'()*+,;=%1F.-_~ v",
  'uri-reference': 'ab:/?#[]@%1F.- ',
  'uri-template': '\'ab{}+#./;?&=,!@|:*%1F "<',
  email: 'ab.@"[]:\\ -1',
  hostname: 'ab-.1_',
  ipv4: '0125.',
  ipv6: '0af:.1',
  uuid: '0af-g',
  regex: 'a()[]{}\\+*?^$|',
  'json-pointer': 'a/~01',
  'json-pointer-uri-fragment': '#a/~01%2 ',
  'relative-json-pointer': '01#/~a',
};

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Where `@cfworker/json-schema` departs from the RFC a format names, we follow the RFC; each case
 * has a test of its own below.
 */
const RFC_OVER_CFWORKER: Record<string, (text: string) => boolean> = {
  // RFC 3986: hier-part may be empty, so `b:` and `b:?q` are URIs.
  uri: (text) => /^[a-z][a-z\d+.-]*:(?:[?#]|$)/i.test(text),
  // RFC 3986: a relative reference's first segment has no `:` (it would read as a scheme), and after
  // `//` comes an authority (`//:a` has a port that is not a number); cfworker also read `//` as a path.
  'uri-reference': (text) =>
    (!SCHEME.test(text) && text.split(/[/?#]/, 1)[0]!.includes(':')) || text.startsWith('//'),
  // RFC 6570: `'` is not a literal character of a URI template.
  'uri-template': (text) => text.includes("'"),
  // JSON Schema's test suite: a leading zero (an octal number to some parsers) makes it invalid.
  ipv4: (text) => /(?:^|\.)0\d/.test(text),
};

describe('formats', () => {
  it('each format accepts what @cfworker/json-schema accepted, on random strings, but where it departs from the RFC', () => {
    const cfworker = format as Record<string, (text: string) => boolean>;
    for (const [name, alphabet] of Object.entries(ALPHABETS)) {
      const ours = formatCheck(name)!;
      const departs = RFC_OVER_CFWORKER[name] ?? (() => false);
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 14 }), (text) => {
          if (departs(text)) return;
          expect(ours(text), `${name} ${JSON.stringify(text)}`).toBe(cfworker[name]!(text));
        }),
        { numRuns: 400 },
      );
    }
  });

  it('follows RFC 3986 where @cfworker/json-schema did not: an empty hier-part, a colon in a relative path', () => {
    expect(formatCheck('uri')!('urn:')).toBe(true);
    expect(formatCheck('uri')!('mailto:?to=a')).toBe(true);
    expect(formatCheck('uri-reference')!('::1')).toBe(false);
    expect(formatCheck('uri-reference')!('12:00:00Z')).toBe(false);
    expect(formatCheck('uri-reference')!('./12:00:00Z')).toBe(true);
    expect(formatCheck('uri-reference')!('//:a')).toBe(false);
    expect(formatCheck('uri-reference')!('//@@')).toBe(false);
    expect(formatCheck('uri-reference')!('//user@host:80/path?q#f')).toBe(true);
    expect(formatCheck('uri-reference')!('//[::1]:80')).toBe(true);
  });

  it("follows RFC 6570 (no ' in a URI template) and refuses IPv4 octets with a leading zero", () => {
    expect(formatCheck('uri-template')!("a'b")).toBe(false);
    expect(formatCheck('uri-template')!('/users/{id}{?q,page}')).toBe(true);
    expect(formatCheck('ipv4')!('192.168.01.1')).toBe(false);
    expect(formatCheck('ipv4')!('192.168.0.1')).toBe(true);
  });

  it('asserts the same formats as before, each named in the error, and ignores others', () => {
    const names = Object.keys(format);
    for (const name of names) expect(formatCheck(name), name).toBeTypeOf('function');
    const compiled = compileJsonSchema({ type: 'string', format: 'date' });
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.schema.validate('2021-02-29')).toEqual({
      valid: false,
      errors: ['#: String does not match format "date".'],
    });
    expect(formatCheck('color')).toBeUndefined();
    expect(formatCheck('toString')).toBeUndefined();
  });

  it('checks long strings in linear time', () => {
    const long = 'a'.repeat(100_000);
    const started = performance.now();
    for (const name of Object.keys(ALPHABETS)) {
      formatCheck(name)!(`${long}!`);
      formatCheck(name)!(`${'1:'.repeat(50_000)}x`);
      formatCheck(name)!(`${'{a,'.repeat(30_000)}`);
    }
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
