import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// A bundler makes a chunk of every `import()` in the modules it reads, called or not, and cuts the
// first chunk around the modules such a chunk shares with it. A client never loads the protocol's
// zod schemas (`loadSchemas`, for servers), so no bundle of a client entry may see their `import()`:
// with it, the `/modern` first chunk was 1.8 KiB bigger gzipped.

/** The chunks of a split browser bundle of `entry`, each with the inputs it holds code of. */
async function chunks(entry: string) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`../src/${entry}`, import.meta.url))],
    bundle: true,
    splitting: true,
    outdir: 'split',
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  return Object.values(result.metafile.outputs).map((output) =>
    Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );
}

const zodSchemas = (input: string) =>
  /\/zod\//.test(input) || /protocol\/(dist|src)\/schema-set[-.]/.test(input);

describe('a split browser bundle of the client', () => {
  it('has no chunk of the protocol zod schemas, and keeps the lazy one of the client checks', async () => {
    for (const entry of ['modern.ts', 'index.ts']) {
      const inputs = await chunks(entry);
      expect(inputs.flat().filter(zodSchemas), entry).toEqual([]);
      expect(
        inputs.some((chunk) => chunk.some((input) => /protocol\/dist\/client-schema-set/.test(input))),
        entry,
      ).toBe(true);
    }
  });
});
