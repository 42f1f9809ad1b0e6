import { describe, expect, it } from 'vitest';
import { parseDemoArgs } from '../src/args.js';

describe('parseDemoArgs', () => {
  it('reads every flag, in both spellings, with defaults for the rest', () => {
    expect(parseDemoArgs([])).toEqual({
      host: '127.0.0.1',
      port: 0,
      accessTokenTtlSec: 600,
      clockToleranceSec: 10,
    });
    expect(
      parseDemoArgs(['--port', '3000', '--access-token-ttl=5', '--clock-tolerance', '0', '--host=::1']),
    ).toEqual({
      host: '::1',
      port: 3000,
      accessTokenTtlSec: 5,
      clockToleranceSec: 0,
    });
  });

  it('refuses unknown flags, missing values and bad numbers with a usage line', () => {
    for (const argv of [
      ['--verbose'],
      ['--port'],
      ['--port', '70000'],
      ['--access-token-ttl', '0'],
      ['--port', '1e3'],
    ]) {
      expect(() => parseDemoArgs(argv)).toThrow(/usage: server\.js/);
    }
  });
});
