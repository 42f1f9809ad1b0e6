import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/output.js';
import { type Catalog, completeLine, SHELL_COMMANDS } from '../src/shell/completion.js';
import { splitWords } from '../src/shell/words.js';

describe('shell words', () => {
  it('splits on spaces and keeps quoted text whole', () => {
    expect(splitWords('  call add   a=1 ')).toEqual(['call', 'add', 'a=1']);
    expect(splitWords(`call add '{"a": 1, "b": 2}'`)).toEqual(['call', 'add', '{"a": 1, "b": 2}']);
    expect(splitWords('get p "say \\"hi\\"" x=a\\ b')).toEqual(['get', 'p', 'say "hi"', 'x=a b']);
    expect(splitWords(`name='two words'`)).toEqual(['name=two words']);
    expect(splitWords('')).toEqual([]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => splitWords(`call add '{"a":1}`)).toThrow(UsageError);
    expect(() => splitWords('call add "x')).toThrow(/double quote/);
  });
});

describe('shell completion', () => {
  const catalog: Catalog = {
    tools: new Map([
      ['add_numbers', ['a', 'b']],
      ['add_more', []],
      ['echo', ['text']],
    ]),
    prompts: new Map([['greet', ['name', 'style']]]),
    resources: ['test://static-text', 'test://static-binary'],
  };

  it('completes commands, then tool, prompt and resource names', () => {
    expect(completeLine('', catalog)).toEqual([SHELL_COMMANDS.map((command) => `${command} `), '']);
    expect(completeLine('re', catalog)).toEqual([['resources ', 'read '], 're']);
    expect(completeLine('call add', catalog)).toEqual([['add_numbers ', 'add_more '], 'add']);
    expect(completeLine('get ', catalog)).toEqual([['greet '], '']);
    expect(completeLine('read test://static-t', catalog)).toEqual([
      ['test://static-text '],
      'test://static-t',
    ]);
  });

  it('completes the argument names not given yet', () => {
    expect(completeLine('call add_numbers ', catalog)).toEqual([['a=', 'b='], '']);
    expect(completeLine('call add_numbers a=1 ', catalog)).toEqual([['b='], '']);
    expect(completeLine('get greet s', catalog)).toEqual([['style='], 's']);
    expect(completeLine('complete greet ', catalog)).toEqual([['name ', 'style '], '']);
    expect(completeLine('call unknown ', catalog)).toEqual([[], '']);
  });
});
