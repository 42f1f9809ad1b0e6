import { describe, expect, it } from 'vitest';
import { type ServerCommandShape, shellLine, splitArgv } from '../src/argv.js';
import { parseHeaders } from '../src/command.js';
import { UsageError } from '../src/output.js';
import { EVERYTHING_STDIO, jsonLines, mcpkit, startEverythingHttp } from './run.js';

const VALUE_OPTIONS = new Set(['-H', '--header', '--timeout', '--url']);
const SERVER_COMMANDS = new Map<string, ServerCommandShape>([
  ['call', { valueOptions: new Set([...VALUE_OPTIONS, '-a', '--arg']), operands: { required: 1, max: 2 } }],
  ['tools', { valueOptions: VALUE_OPTIONS, operands: { required: 0, max: 0 } }],
  ['complete', { valueOptions: VALUE_OPTIONS, operands: { required: 2, max: 3 } }],
]);

describe('naming the server on the command line', () => {
  it('splits the stdio command off at the first --', () => {
    expect(splitArgv(['call', 'add', '--', 'node', 'server.js', '--', 'x'], SERVER_COMMANDS)).toEqual({
      args: ['call', 'add'],
      serverCommand: ['node', 'server.js', '--', 'x'],
    });
  });

  it('turns a URL as the first operand into --url, past options and their values', () => {
    expect(splitArgv(['call', 'http://h/mcp', 'add'], SERVER_COMMANDS).args).toEqual([
      'call',
      '--url',
      'http://h/mcp',
      'add',
    ]);
    expect(
      splitArgv(['call', '--json', '-H', 'A: b', '--timeout', '9', 'https://h/mcp', 'add'], SERVER_COMMANDS)
        .args,
    ).toEqual(['call', '--json', '-H', 'A: b', '--timeout', '9', '--url', 'https://h/mcp', 'add']);
  });

  it('moves options given before the command name after it, and keeps --help and --version first', () => {
    expect(splitArgv(['--json', '-H', 'A: b', 'call', 'https://h/mcp', 'add'], SERVER_COMMANDS).args).toEqual(
      ['call', '--json', '-H', 'A: b', '--url', 'https://h/mcp', 'add'],
    );
    expect(splitArgv(['--help', '--json', 'tools'], SERVER_COMMANDS).args).toEqual([
      '--help',
      'tools',
      '--json',
    ]);
    expect(splitArgv(['--json', 'login', 'http://h/mcp'], SERVER_COMMANDS).args).toEqual([
      '--json',
      'login',
      'http://h/mcp',
    ]);
  });

  it('leaves a URL that is not the first operand, and commands that take no server, alone', () => {
    expect(splitArgv(['call', 'add', 'http://h/mcp'], SERVER_COMMANDS).args).toEqual([
      'call',
      'add',
      'http://h/mcp',
    ]);
    expect(splitArgv(['login', 'http://h/mcp'], SERVER_COMMANDS).args).toEqual(['login', 'http://h/mcp']);
    expect(splitArgv(['call', '--arg', 'http://x', 'add'], SERVER_COMMANDS).args).toEqual([
      'call',
      '--arg',
      'http://x',
      'add',
    ]);
  });
});

describe('a stdio command without --', () => {
  it('is guessed from the operands the command does not take: the rest of the line', () => {
    expect(splitArgv(['tools', 'node', 'server.js'], SERVER_COMMANDS).didYouMean).toEqual([
      'tools',
      '--',
      'node',
      'server.js',
    ]);
    expect(
      splitArgv(['--json', 'call', 'add', 'node', 'server.js', '--port', '3'], SERVER_COMMANDS).didYouMean,
    ).toEqual(['call', '--json', 'add', '--', 'node', 'server.js', '--port', '3']);
    // An optional JSON operand stays with the command; another optional operand starts the server's.
    expect(splitArgv(['call', 'add', '{"a":1}', 'node', 's.js'], SERVER_COMMANDS).didYouMean).toEqual([
      'call',
      'add',
      '{"a":1}',
      '--',
      'node',
      's.js',
    ]);
    expect(splitArgv(['complete', 'p', 'arg', 'node', 's.js'], SERVER_COMMANDS).didYouMean).toEqual([
      'complete',
      'p',
      'arg',
      '--',
      'node',
      's.js',
    ]);
  });

  it('is not guessed when the line names a server or has no extra operands', () => {
    expect(splitArgv(['tools', 'x', '--', 'node', 's.js'], SERVER_COMMANDS).didYouMean).toBeUndefined();
    expect(splitArgv(['tools', 'http://h/mcp', 'x'], SERVER_COMMANDS).didYouMean).toBeUndefined();
    expect(splitArgv(['tools', 'x', '--url', 'http://h/mcp'], SERVER_COMMANDS).didYouMean).toBeUndefined();
    expect(splitArgv(['call', 'add', '{}'], SERVER_COMMANDS).didYouMean).toBeUndefined();
    expect(splitArgv(['tools'], SERVER_COMMANDS).didYouMean).toBeUndefined();
  });

  it('is printed as a line the shell reads back', () => {
    expect(shellLine(['call', 'add', '{"a":1}', '--', 'node', "it's.js", 'a b', '@x/y=1,2:3'])).toBe(
      `call add '{"a":1}' -- node 'it'\\''s.js' 'a b' @x/y=1,2:3`,
    );
  });
});

describe('the command line as typed', () => {
  it('says "did you mean" for mcpkit tools node server.js (exit 2)', async () => {
    const run = await mcpkit(['tools', 'node', 'server.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('did you mean `mcpkit tools -- node server.js`?');
  });

  it('takes --json before the command name, before the operands, after them and after the URL', async () => {
    const server = EVERYTHING_STDIO;
    const lines = [
      ['--json', 'call', 'add_numbers', '{"a":1,"b":2}', ...server],
      ['call', '--json', 'add_numbers', '{"a":1,"b":2}', ...server],
      ['call', 'add_numbers', '--json', '{"a":1,"b":2}', ...server],
      ['call', 'add_numbers', '{"a":1,"b":2}', '--json', ...server],
    ];
    const http = await startEverythingHttp();
    try {
      lines.push(
        ['--json', 'call', http.url, 'add_numbers', '{"a":1,"b":2}'],
        ['call', http.url, '--json', 'add_numbers', '{"a":1,"b":2}'],
        ['call', http.url, 'add_numbers', '{"a":1,"b":2}', '--json'],
      );
      for (const line of lines) {
        const run = await mcpkit(line);
        expect(run.code, `${line.join(' ')}: ${run.stderr}`).toBe(0);
        expect(jsonLines(run)).toMatchObject([{ structuredContent: { sum: 3 } }]);
      }
    } finally {
      await http.stop();
    }
  });
});

describe('-H headers', () => {
  it('are "Name: value", each an own key', () => {
    expect(parseHeaders(['Authorization: Bearer a:b', 'X-Trace:1'])).toEqual({
      Authorization: 'Bearer a:b',
      'X-Trace': '1',
    });
    expect(Object.keys(parseHeaders(['__proto__: x'])!)).toEqual(['__proto__']);
    expect(() => parseHeaders(['no colon'])).toThrow(UsageError);
    expect(parseHeaders(undefined)).toBeUndefined();
  });
});
