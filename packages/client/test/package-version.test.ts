import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_INFO } from '../src/index.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('the client names its own version', () => {
  it('DEFAULT_CLIENT_INFO carries the version of package.json', () => {
    expect(DEFAULT_CLIENT_INFO).toEqual({ name: '@mcpkit/client', version });
  });

  it('the build writes that version in', async () => {
    const built = (await import(new URL('../dist/index.js', import.meta.url).href)) as {
      DEFAULT_CLIENT_INFO: { version: string };
    };
    expect(built.DEFAULT_CLIENT_INFO.version).toBe(version);
  });
});
