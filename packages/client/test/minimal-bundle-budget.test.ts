import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { firstChunkPaths } from './helpers/first-chunk.js';

// Issue 37's footprint row "minimal browser client <= 35 KiB gzipped, all chunks, with the 2026 first
// chunk <= 22 KiB": bench's `client-bundle-entry-minimal.mjs`, the client of `@mcpkit/client/minimal`
// that leaves validation to the app and chooses none, bundled as bench's `measureBundle` does it
// (minified, split, gzipped at level 9) from the built package, as bench does: a bundle of the source
// is some 100 bytes bigger gzipped (tsup's tree-shaking leaves out more), and the row is bench's.

const root = fileURLToPath(new URL('../', import.meta.url));

const app = (entry: string, options: string) => `
import { McpClient } from './dist/${entry}';
import { createHttpClientTransport } from '@mcpkit/transport-http/modern';
const client = new McpClient(createHttpClientTransport('http://localhost:3000/mcp'), {
  clientInfo: { name: 'app', version: '1.0.0' },${options}
});
console.log(await client.callTool('echo', { text: 'hello' }));
`;

/** A string of our JSON Schema validator's code (`compileJsonSchema`), which minifying keeps. */
const VALIDATOR_MARKER = 'a JSON Schema is an object or a boolean';

/** Every chunk `import()` may load, from the first: the outputs reachable from the app's. */
function allChunkPaths(outputs: Metafile['outputs']): string[] {
  const queue = Object.keys(outputs).filter((path) => outputs[path]!.entryPoint === '<stdin>');
  const seen = new Set<string>();
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const link of outputs[path]!.imports) if (!link.external) queue.push(link.path);
  }
  return [...seen];
}

/** The gzipped bytes of the first chunk and of all chunks of `contents`, and the text of every chunk. */
async function bundle(contents: string) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
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
  const fileOf = (path: string) => result.outputFiles.find((output) => output.path.endsWith(path))!;
  const gzipped = (paths: string[]) =>
    paths.reduce((sum, path) => sum + gzipSync(fileOf(path).contents, { level: 9 }).byteLength, 0);
  const all = allChunkPaths(result.metafile.outputs);
  return {
    first: gzipped(firstChunkPaths(result.metafile.outputs, '<stdin>')),
    all: gzipped(all),
    texts: all.map((path) => fileOf(path).text),
  };
}

describe('a minimal browser client of /minimal over HTTP, with validation left to the app (validateWith: false)', () => {
  it('stays within 22 KiB gzipped in its first chunk and 35 KiB in all, with no chunk of our validator', async () => {
    const { first, all, texts } = await bundle(app('minimal.js', '\n  validateWith: false,'));
    expect(first).toBeGreaterThan(10 * 1024);
    expect(first, `${first} bytes gzipped`).toBeLessThanOrEqual(22 * 1024);
    expect(all, `${all} bytes gzipped`).toBeLessThanOrEqual(35 * 1024);
    expect(texts.filter((text) => text.includes(VALIDATOR_MARKER))).toEqual([]);
  });

  it("the marker finds the validator's chunk in the bundle of /modern", async () => {
    const { texts } = await bundle(app('modern.js', ''));
    expect(texts.filter((text) => text.includes(VALIDATOR_MARKER))).toHaveLength(1);
  });
});
