import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the "." entry in a browser bundle', () => {
  it('bundles for platform "browser" with no Node built-ins, globals or requires', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('protocol'))).toBe(true);
    expect(inputs.filter((input) => input.includes('/node/') || input.startsWith('node:'))).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('createFetchHandler');
    expect(code).toContain('createHttpClientTransport');
    expect(code).not.toMatch(/\bfrom ["']node:|\brequire\(|\bBuffer\.|\bprocess\.(env|nextTick|version)/);
  });

  it('the "./node" entry is the only one that needs Node (it fails for the browser)', async () => {
    const attempt = build({
      entryPoints: [fileURLToPath(new URL('../src/node/index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    await expect(attempt).rejects.toThrow(/node:http/);
  });
});
