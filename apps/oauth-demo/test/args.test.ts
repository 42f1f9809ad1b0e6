import { describe, expect, it } from 'vitest';
import { parseDemoArgs } from '../src/args.js';

describe('parseDemoArgs', () => {
  it('reads every flag, in both spellings, with defaults for the rest', () => {
    expect(parseDemoArgs([])).toEqual({
      host: '127.0.0.1',
      port: 0,
      accessTokenTtlSec: 600,
      clockToleranceSec: 10,
      tokenFormat: 'jwt',
    });
    const argv = [
      '--port',
      '3000',
      '--access-token-ttl=5',
      '--clock-tolerance',
      '0',
      '--host=::1',
      '--token-format',
      'opaque',
    ];
    expect(parseDemoArgs(argv)).toEqual({
      host: '::1',
      port: 3000,
      accessTokenTtlSec: 5,
      clockToleranceSec: 0,
      tokenFormat: 'opaque',
    });
  });

  it('refuses unknown flags, missing values and bad values with a usage line', () => {
    const bad = [
      ['--verbose'],
      ['--port'],
      ['--port', '70000'],
      ['--access-token-ttl', '0'],
      ['--port', '1e3'],
      ['--token-format', 'paseto'],
    ];
    for (const argv of bad) expect(() => parseDemoArgs(argv)).toThrow(/usage: server\.js/);
  });
});
