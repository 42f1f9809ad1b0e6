import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLinearPattern, type LinearPattern } from '../src/linear-regex.js';

function compiled(source: string): LinearPattern {
  const result = compileLinearPattern(source);
  if (typeof result === 'string') throw new Error(`${source}: ${result}`);
  return result;
}

const SAMPLES: [string, string[]][] = [
  ['^[a-z0-9_-]{3,16}$', ['ab', 'abc', 'hello_world', 'a'.repeat(16), 'a'.repeat(17), 'ABC', '']],
  ['^\\d{4}-\\d{2}-\\d{2}$', ['2024-01-31', '2024-1-31', 'x2024-01-31', '2024-01-31\n']],
  ['abc', ['abc', 'xxabcxx', 'ab', 'ABC']],
  ['^a|b$', ['a', 'xa', 'b', 'xb', 'bx', 'ax']],
  ['(?:cat|dog)s?$', ['cats', 'dog', 'a dog', 'dogsx']],
  ['^(?<year>\\d+)x*?$', ['12', '12xx', 'x']],
  ['^\\p{Lu}\\p{Ll}+$', ['Élan', 'élan', 'Ab', 'A']],
  ['^[^\\s@]+@[^\\s@]+\\.[a-z]{2,}$', ['a@b.cd', 'a@b.c', 'a b@c.de', '@b.cd']],
  ['^.$', ['a', '😀', '\n', 'ab', '']],
  ['^\\u{1F600}+$', ['😀😀', '😀a']],
  ['^\\uD83D\\uDE00$', ['😀', '\uD83D']],
  ['^(a|ab)(c|bcd)(d*)$', ['abcd', 'abcdd', 'acd', 'abc']],
  ['x{2,3}y{0}z?', ['xx', 'x', 'xxxz']],
  ['^$', ['', 'a']],
  ['', ['', 'a']],
  ['a$b', ['ab', 'a']],
  ['^(?:a*)*$', ['', 'aaa', 'b']],
  ['[\\]-]', [']', '-', 'a']],
  ['\\.\\*\\+', ['.*+', 'a*+']],
];

describe('linear-time regular expressions', () => {
  it('agrees with the built-in engine on ordinary patterns', () => {
    for (const [source, inputs] of SAMPLES) {
      const native = new RegExp(source, 'u');
      const linear = compiled(source);
      for (const input of inputs)
        expect([source, input, linear.test(input)]).toEqual([source, input, native.test(input)]);
    }
  });

  it('agrees with the built-in engine on random patterns and inputs', () => {
    const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\d', '1', '(?:a|b)', '(a|)', 'ab');
    const quantifier = fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?');
    const pattern = fc
      .array(fc.tuple(atom, quantifier), { maxLength: 6 })
      .chain((parts) =>
        fc.tuple(fc.boolean(), fc.boolean(), fc.constant(parts.map(([a, q]) => a + q).join(''))),
      )
      .map(([start, end, body]) => `${start ? '^' : ''}${body}${end ? '$' : ''}`);
    fc.assert(
      fc.property(pattern, fc.array(fc.stringMatching(/^[ab1c]*$/), { maxLength: 8 }), (source, inputs) => {
        const native = new RegExp(source, 'u');
        const linear = compiled(source);
        for (const input of inputs) expect(linear.test(input)).toBe(native.test(input));
      }),
      { numRuns: 500 },
    );
  });

  it('matches catastrophic patterns in linear time', () => {
    for (const source of ['^((a+)+)+$', '^(a|a)*$', '^(a|aa)+$', '(x+x+)+y', '^(\\w+\\s?)*$']) {
      const linear = compiled(source);
      const started = performance.now();
      expect(linear.test(`${'a'.repeat(20_000)}!`)).toBe(false);
      // Milliseconds when linear, far longer when it backtracks; room for a busy machine in between.
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it('refuses what needs backtracking, with the reason', () => {
    expect(compileLinearPattern('(a)\\1')).toMatch(/backreference/);
    expect(compileLinearPattern('(?<n>a)\\k<n>')).toMatch(/backreference/);
    expect(compileLinearPattern('(?=a)b')).toMatch(/lookaround/);
    expect(compileLinearPattern('(?<!a)b')).toMatch(/lookaround/);
    expect(compileLinearPattern('\\bword\\b')).toMatch(/word boundary/);
    expect(compileLinearPattern('(')).toMatch(/not a valid/);
  });

  it('refuses patterns whose automaton would be too large', () => {
    expect(compileLinearPattern('(a{1000}){1000}')).toMatch(/more than 10000 states/);
    expect(compileLinearPattern('a'.repeat(10_001))).toMatch(/longer than/);
    const deep = compileLinearPattern(`${'('.repeat(4999)}a${')'.repeat(4999)}`);
    if (typeof deep === 'string') expect(deep).toMatch(/nests too deeply/);
    else expect(deep.test('a')).toBe(true);
  });
});
