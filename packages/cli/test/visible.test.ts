import { describe, expect, it } from 'vitest';
import { progressLine } from '../src/progress.js';
import { completeLine } from '../src/shell/completion.js';
import { terminalJson, visible } from '../src/visible.js';

describe("a peer's text on the terminal", () => {
  it('writes every control character a terminal acts on as a visible escape', () => {
    const cases: [string, string][] = [
      ['\x1b]52;c;Y3VybA==\x07', '\\x1b]52;c;Y3VybA==\\x07'],
      ['\x1b]8;;https://evil.example\x1b\\x', '\\x1b]8;;https://evil.example\\x1b\\x'],
      ['\x1b[2K\x1b[1A', '\\x1b[2K\\x1b[1A'],
      ['a\bb\vc\fd\0e', 'a\\x08b\\x0bc\\x0cd\\x00e'],
      ['safe\rEVIL', 'safe\\x0dEVIL'],
      ['end\r', 'end\\x0d'],
      ['\x7f\u0080\u009b2J\u009d0;t\u009c', '\\x7f\\x80\\x9b2J\\x9d0;t\\x9c'],
      [
        '\u202eevil\u202c \u2066x\u2069 \u200e\u200f\u061c',
        '\\u202eevil\\u202c \\u2066x\\u2069 \\u200e\\u200f\\u061c',
      ],
    ];
    for (const [raw, shown] of cases) expect(visible(raw), JSON.stringify(raw)).toBe(shown);
  });

  it('keeps layout and ordinary text: tab, line feed, CRLF, accents, emoji with joiners', () => {
    const text = 'a\tb\nc\r\nd é 中 👩‍👩‍👧 ×';
    expect(visible(text)).toBe(text);
  });

  it('JSON keeps the exact value and writes what JSON.stringify leaves raw as \\u escapes', () => {
    const value = { text: '\x1b[2J\u009b\u202e\u2028\x7f ok', n: 1 };
    const line = terminalJson(value);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(line)).toEqual(value);
    expect(line).toBe('{"text":"\\u001b[2J\\u009b\\u202e\\u2028\\u007f ok","n":1}');
  });

  it('a progress message is made visible, also in the bar drawn in place', () => {
    const progress = { progress: 1, total: 2, message: 'x\x1b[2Ky' };
    expect(progressLine(progress, true)).toMatch(/\] {2}50% x\\x1b\[2Ky$/);
    expect(progressLine(progress, false)).toBe('1/2 50% x\\x1b[2Ky');
  });

  it('shell completion leaves out names with control characters', () => {
    const catalog = {
      tools: new Map([
        ['evil\x1b]0;t\x07', []],
        ['echo', []],
      ]),
      prompts: new Map(),
      resources: [],
    };
    expect(completeLine('call ', catalog)).toEqual([['echo '], '']);
  });
});
