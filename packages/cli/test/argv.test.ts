import { describe, expect, it } from 'vitest';
import { splitArgv } from '../src/argv.js';
import { parseHeaders } from '../src/command.js';
import { UsageError } from '../src/output.js';

const SERVER_COMMANDS = new Map([
  ['call', { valueOptions: new Set(['-H', '--header', '--timeout', '-a', '--arg']) }],
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
      splitArgv(['--json', 'call', '-H', 'A: b', '--timeout', '9', 'https://h/mcp', 'add'], SERVER_COMMANDS)
        .args,
    ).toEqual(['--json', 'call', '-H', 'A: b', '--timeout', '9', '--url', 'https://h/mcp', 'add']);
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
