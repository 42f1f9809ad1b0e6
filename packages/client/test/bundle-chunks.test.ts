import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { firstChunkPaths } from './helpers/first-chunk.js';

// A bundler makes a chunk of every `import()` in the modules it reads, called or not, and cuts the
// first chunk around the modules such a chunk shares with it. A client never loads the protocol's
// zod schemas (`loadSchemas`, for servers), so no bundle of a client entry may see their `import()`:
// with it, the `/modern` first chunk was 1.8 KiB bigger gzipped.

const src = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * A split browser bundle of `entry`, from source; with `only`, of an application that imports
 * nothing else of it, as bench's minimal clients do (the entry itself keeps every export).
 */
function split(entry: string, only?: string) {
  return build({
    ...(only
      ? { stdin: { contents: `export { ${only} } from './${entry}';`, resolveDir: src, loader: 'ts' } }
      : { entryPoints: [`${src}${entry}`] }),
    bundle: true,
    splitting: true,
    outdir: 'split',
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
}

type Output = Awaited<ReturnType<typeof split>>['metafile']['outputs'][string];

const inputsOf = (output: Output) =>
  Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input);

/** The chunks of a split browser bundle of `entry`, each with the inputs it holds code of. */
async function chunks(entry: string) {
  const result = await split(entry);
  return Object.values(result.metafile.outputs).map(inputsOf);
}

/** The inputs of the first chunk: the entry's output and what it imports statically, loaded before it runs. */
async function firstChunk(entry: string, only?: string) {
  const { outputs } = (await split(entry, only)).metafile;
  const name = only ? '<stdin>' : `src/${entry}`;
  return firstChunkPaths(outputs, name).flatMap((path) => inputsOf(outputs[path]!));
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

describe('the first chunk of a split browser bundle of the client', () => {
  it("puts listen()'s run loop, the response cache and the answering of input in one chunk, which imports none", async () => {
    for (const entry of ['modern.ts', 'index.ts']) {
      const { outputs } = (await split(entry)).metafile;
      const lazy = Object.values(outputs).filter((output) =>
        inputsOf(output).some((input) => /(^|\/)src\/(listen-run|cache|input-answers)\.ts$/.test(input)),
      );
      expect(lazy, entry).toHaveLength(1);
      const inputs = inputsOf(lazy[0]!);
      for (const file of ['listen-run', 'cache', 'input-answers']) {
        expect(
          inputs.some((input) => input.endsWith(`src/${file}.ts`)),
          `${entry}: ${file}`,
        ).toBe(true);
      }
      expect(
        lazy[0]!.imports.filter((link) => !link.external),
        entry,
      ).toEqual([]);
    }
  });

  it("holds neither listen()'s run loop, the response cache nor the answering of input, which load on first use", async () => {
    for (const entry of ['modern.ts', 'index.ts']) {
      const inputs = await firstChunk(entry);
      expect(
        inputs.some((input) => /(^|\/)src\/client\.ts$/.test(input)),
        entry,
      ).toBe(true);
      expect(
        inputs.filter((input) => /(^|\/)src\/(listen-run|cache|input-answers)\.ts$/.test(input)),
        entry,
      ).toEqual([]);
    }
  });
});

describe('the first chunk of a split browser bundle of an application of McpClient', () => {
  const negotiation = (input: string) => /(^|\/)src\/era(-connect)?\.ts$/.test(input);

  it('holds the negotiation between the eras with @mcpkit/client, and none of it with /modern', async () => {
    const full = await firstChunk('index.ts', 'McpClient');
    expect(full.filter(negotiation).sort()).toEqual(['src/era-connect.ts', 'src/era.ts']);
    const modern = await firstChunk('modern.ts', 'McpClient');
    expect(modern.some((input) => /(^|\/)src\/client\.ts$/.test(input))).toBe(true);
    expect(modern.filter(negotiation)).toEqual([]);
  });
});

/** The chunks loaded before an application of `only` from `entry` runs: its own and what it imports statically. */
async function firstChunkFiles(entry: string, only: string) {
  const result = await split(entry, only);
  const { outputs } = result.metafile;
  const text = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  return firstChunkPaths(outputs, '<stdin>').map((path) => ({
    inputs: inputsOf(outputs[path]!),
    text: [...text].find(([file]) => file.endsWith(path))![1],
  }));
}

describe('the first chunk of a split browser bundle of an application of the /modern McpClient', () => {
  it('is one file: the JSON Schema validator and the run loop of listen() share no module with it', async () => {
    const files = await firstChunkFiles('modern.ts', 'McpClient');
    expect(
      files.map(({ inputs }) => inputs.filter((input) => !input.startsWith('<stdin>')).length > 0),
    ).toEqual([true]);
  });

  it("leaves the checking, queueing and acknowledging of a listen's notifications to the run loop's chunk", async () => {
    const inputs = (await firstChunkFiles('modern.ts', 'McpClient')).flatMap((file) => file.inputs);
    expect(inputs.filter((input) => /(^|\/)src\/listen-(delivery|filters)\.ts$/.test(input))).toEqual([]);
    const { text } = (await firstChunkFiles('modern.ts', 'McpClient'))[0]!;
    expect(text).not.toContain('subscription-degraded');
  });

  it("leaves a listen's call to the run loop's chunk and the 2025-era client's messages to @mcpkit/client", async () => {
    const files = await firstChunkFiles('modern.ts', 'McpClient');
    expect(
      files.flatMap((file) => file.inputs).filter((input) => /(^|\/)src\/listen-call\.ts$/.test(input)),
    ).toEqual([]);
    const text = files.map((file) => file.text).join('\n');
    expect(text).toContain("era 'legacy' needs the client of @mcpkit/client");
    expect(text).not.toContain('needs a transport that speaks the 2025-era wire');
    expect(text).not.toContain('which this client lacks');
  });

  it("holds none of protocol's code that only a server runs, which the published JavaScript made at load", async () => {
    const text = (await firstChunkFiles('modern.ts', 'McpClient')).map((file) => file.text).join('\n');
    // the data checks of -32021 and -32022 (errors.ts), the `_meta` key grammar (meta.ts), the
    // request context's signal (lazy-context.ts), the peers of networkOf (middleware.ts), the
    // in-memory transport's peer (in-memory.ts), the well-formed keys (meta.ts)
    for (const made of [
      '"{ requiredCapabilities }"',
      '[A-Za-z0-9._-]',
      'legacySession',
      'transport: "pipe"',
      'transport: "inproc"',
      'Object.values(MetaKey)',
    ]) {
      expect(text).not.toContain(made);
    }
  });
});

describe('a split browser bundle of an application of the McpClient of @mcpkit/client', () => {
  it("has the 2025 era in a chunk that imports nothing from the first one, so that it stays one file with the client's part", async () => {
    const { outputs } = (await split('index.ts', 'McpClient')).metafile;
    const legacy = Object.values(outputs).filter((output) =>
      inputsOf(output).some((input) => /(^|\/)src\/legacy\/support\.ts$/.test(input)),
    );
    expect(legacy).toHaveLength(1);
    expect(legacy[0]!.imports.filter((link) => !link.external && link.kind === 'import-statement')).toEqual(
      [],
    );
    expect(inputsOf(legacy[0]!).filter((input) => !/(^|\/)src\/legacy\//.test(input))).toEqual([]);
  });
});
