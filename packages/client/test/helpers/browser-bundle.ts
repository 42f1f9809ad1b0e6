import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { firstChunkPaths } from './first-chunk.js';

/** An app bundled for the browser the way bench's `measureBundle` does it. */
export interface BrowserBundle {
  /** Gzipped bytes of the chunks loaded before the app runs: its own and what it imports statically. */
  readonly firstBytes: number;
  /** Gzipped bytes of every chunk the app may load, those reached by `import()` included. */
  readonly allBytes: number;
  /** The text of every chunk the app may load. */
  readonly texts: string[];
}

/** Every output reachable from the app's chunk, by static import or `import()`. */
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

/**
 * Bundles `contents`, whose imports resolve from `resolveDir`, minified and split for the browser,
 * and gzips each chunk at level 9, as bench's `measureBundle` does.
 */
export async function bundleForBrowser(
  contents: string,
  resolveDir: string,
  loader: 'js' | 'ts',
): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents, resolveDir, loader },
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
    firstBytes: gzipped(firstChunkPaths(result.metafile.outputs, '<stdin>')),
    allBytes: gzipped(all),
    texts: all.map((path) => fileOf(path).text),
  };
}
