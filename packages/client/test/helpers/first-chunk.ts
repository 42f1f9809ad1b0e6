import type { Metafile } from 'esbuild';

/**
 * The output paths of a split bundle that load before the entry whose name ends with `entry` runs:
 * the entry's own chunk and every chunk it imports statically, directly or not.
 */
export function firstChunkPaths(outputs: Metafile['outputs'], entry: string): string[] {
  const queue = Object.keys(outputs).filter((path) => outputs[path]!.entryPoint?.endsWith(entry));
  const seen = new Set<string>();
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const link of outputs[path]!.imports) if (link.kind === 'import-statement') queue.push(link.path);
  }
  return [...seen];
}
