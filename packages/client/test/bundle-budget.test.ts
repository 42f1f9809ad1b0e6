import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { firstChunkPaths } from './helpers/first-chunk.js';

// Issue 37's footprint row "browser, 2026-only entries, first chunk <= 22 KiB min+gz": the minimal
// client of bench's `client-bundle-entry-modern.mjs`, bundled as bench's `measureBundle` does it
// (minified, split, gzipped at level 9), from the client's source.

const src = fileURLToPath(new URL('../src/', import.meta.url));

const APP = `
import { McpClient } from './modern.ts';
import { createHttpClientTransport } from '@mcpkit/transport-http/modern';
const client = new McpClient(createHttpClientTransport('http://localhost:3000/mcp'), {
  clientInfo: { name: 'app', version: '1.0.0' },
});
console.log(await client.callTool('echo', { text: 'hello' }));
`;

/** Gzipped bytes of the chunks loaded before the minimal `/modern` client runs: its own and what it imports statically. */
async function modernFirstChunkBytes(): Promise<number> {
  const result = await build({
    stdin: { contents: APP, resolveDir: src, loader: 'ts' },
    bundle: true,
    minify: true,
    splitting: true,
    outdir: 'budget',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  let bytes = 0;
  for (const path of firstChunkPaths(result.metafile.outputs, '<stdin>')) {
    const file = result.outputFiles.find((output) => output.path.endsWith(path))!;
    bytes += gzipSync(file.contents, { level: 9 }).byteLength;
  }
  return bytes;
}

/** The budget: 22 KiB. */
const MODERN_FIRST_CHUNK_BUDGET = 22 * 1024;

describe('the first chunk of a minimal browser client of /modern over HTTP', () => {
  it('stays within 22 KiB gzipped', async () => {
    const bytes = await modernFirstChunkBytes();
    expect(bytes).toBeGreaterThan(10 * 1024);
    expect(bytes, `${bytes} bytes gzipped`).toBeLessThanOrEqual(MODERN_FIRST_CHUNK_BUDGET);
  });
});
