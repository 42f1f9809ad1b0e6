import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function bundleForBrowser(entry: string) {
  return build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
}

describe('the entry points are runtime-neutral', () => {
  for (const entry of ['../src/index.ts', '../src/server/index.ts']) {
    it(`${entry} bundles for platform "browser" with no Node built-ins`, async () => {
      const result = await bundleForBrowser(entry);
      expect(result.errors).toEqual([]);
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([]);
      const code = result.outputFiles[0]!.text;
      expect(code).not.toMatch(/\bfrom ["']node:|\brequire\(|\bBuffer\.|\bprocess\.(env|nextTick|version)/);
    });
  }
});
