import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as browser from '../src/browser.js';
import { chooseFetchSender, noNodeEngineInFetchBuild } from '../src/client/fetch-engine.js';
import * as index from '../src/index.js';
import * as modern from '../src/modern.js';
import * as modernBrowser from '../src/modern-browser.js';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** The source files a browser bundle of `entry` holds, and its code. */
async function bundle(entry: string) {
  const result = await build({
    entryPoints: [source(entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  expect(result.errors).toEqual([]);
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input);
  return { inputs, code: result.outputFiles[0]!.text };
}

/** The chunks of a browser bundle of `entry` split as an app's bundler splits it, by output path. */
async function splitBundle(entry: string) {
  const result = await build({
    entryPoints: [source(entry)],
    bundle: true,
    splitting: true,
    outdir: 'split',
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  return result.metafile.outputs;
}

const nodeOnly = (input: string) => input.includes('/node/') || input.startsWith('node:');
const legacy = (input: string) => /client\/(legacy-|sse-pending)/.test(input);

describe('the "." entry in a browser bundle', () => {
  it('bundles for platform "browser" with no Node built-ins, globals or requires', async () => {
    for (const entry of ['index.ts', 'browser.ts']) {
      const { inputs, code } = await bundle(entry);
      expect(inputs.some((input) => input.includes('protocol'))).toBe(true);
      expect(inputs.filter(nodeOnly)).toEqual([]);
      expect(code).toContain('createFetchHandler');
      expect(code).toContain('createHttpClientTransport');
      expect(code).not.toMatch(/\bfrom ["']node:|\brequire\(|\bBuffer\.|\bprocess\.(env|nextTick|version)/);
    }
  });

  it('the "./node" entry is the only one that needs Node (it fails for the browser)', async () => {
    const attempt = build({
      entryPoints: [source('node/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    await expect(attempt).rejects.toThrow(/node:http/);
  });
});

describe('the builds for browsers and workers', () => {
  it('have the API of the entries they stand for', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(index).sort());
    expect(Object.keys(modernBrowser).sort()).toEqual(Object.keys(modern).sort());
  });

  it('hold no Node sender: the client transport sends through fetch only', async () => {
    for (const entry of ['browser.ts', 'modern-browser.ts']) {
      const { inputs } = await bundle(entry);
      expect(inputs.filter((input) => /client\/(node-sender|engine)\.ts$/.test(input))).toEqual([]);
    }
    expect(() => chooseFetchSender('xhr' as unknown as 'fetch', undefined)).toThrow(TypeError);
  });

  it("refuse engine 'node' saying why: under Node.js, which export condition loaded them and what to do", () => {
    expect(() => chooseFetchSender('node', undefined)).toThrow(TypeError);
    const onNode = noNodeEngineInFetchBuild().message;
    expect(onNode).toContain('Node.js loaded the build of @mcpkit/transport-http for browsers and workers');
    expect(onNode).toContain('"browser", "worker" or "workerd" export condition');
    expect(onNode).toContain('Leave engine out');
    expect(onNode).toContain('"node" condition');
    expect(() => browser.createHttpClientTransport('http://127.0.0.1:1/mcp', { engine: 'node' })).toThrow(
      onNode,
    );
    const inBrowser = noNodeEngineInFetchBuild({ navigator: { userAgent: 'Mozilla/5.0' } }).message;
    expect(inBrowser).toMatch(
      /needs Node\.js itself \(node:http\), which this runtime is not: leave engine out/,
    );
  });

  it('are what the browser, worker and workerd conditions resolve to', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    for (const [subpath, build] of [
      ['.', 'browser'],
      ['./modern', 'modern-browser'],
    ] as const) {
      const conditions = Object.keys(manifest.exports[subpath]);
      expect(conditions.slice(0, 3)).toEqual(['browser', 'workerd', 'worker']);
      for (const condition of ['browser', 'workerd', 'worker']) {
        expect(manifest.exports[subpath][condition].import.default).toBe(`./dist/${build}.js`);
        expect(manifest.exports[subpath][condition].require.default).toBe(`./dist/${build}.cjs`);
      }
    }
  });
});

describe('the "./modern" entry', () => {
  it('holds none of the 2025-era wire (sessions, the GET stream, HTTP+SSE)', async () => {
    for (const entry of ['modern.ts', 'modern-browser.ts']) {
      const { inputs } = await bundle(entry);
      expect(inputs.filter(legacy)).toEqual([]);
      expect(inputs.some((input) => input.endsWith('client/http-client-transport.ts'))).toBe(true);
    }
    const { inputs } = await bundle('browser.ts');
    expect(inputs.filter(legacy).length).toBeGreaterThan(0);
  });
});

describe('the "." entry', () => {
  it('loads the 2025-era wire with import(): a split bundle has none of it in its first chunk', async () => {
    for (const entry of ['index.ts', 'browser.ts']) {
      const outputs = await splitBundle(entry);
      const legacyIn = (chunk: string) =>
        Object.entries(outputs[chunk]!.inputs).some(
          ([input, { bytesInOutput }]) => bytesInOutput > 0 && legacy(input),
        );
      const first = new Set<string>();
      const queue = Object.keys(outputs).filter((chunk) => outputs[chunk]!.entryPoint?.endsWith(entry));
      for (let chunk = queue.pop(); chunk !== undefined; chunk = queue.pop()) {
        if (first.has(chunk)) continue;
        first.add(chunk);
        for (const link of outputs[chunk]!.imports)
          if (link.kind === 'import-statement') queue.push(link.path);
      }
      expect(first.size, entry).toBeGreaterThan(0);
      expect([...first].filter(legacyIn), entry).toEqual([]);
      expect(Object.keys(outputs).filter(legacyIn).length, entry).toBeGreaterThan(0);
    }
  });

  it('hands the 2025-era wire what it uses of the first chunk: the first chunk is one file, and the wire imports no chunk', async () => {
    for (const entry of ['index.ts', 'browser.ts']) {
      const outputs = await splitBundle(entry);
      const first = Object.keys(outputs).find((chunk) => outputs[chunk]!.entryPoint?.endsWith(entry))!;
      expect(
        outputs[first]!.imports.filter((link) => link.kind === 'import-statement'),
        entry,
      ).toEqual([]);
      const wire = Object.keys(outputs).find((chunk) =>
        outputs[chunk]!.entryPoint?.endsWith('client/legacy-wire.ts'),
      )!;
      expect(outputs[wire]!.imports, entry).toEqual([]);
    }
  });
});

describe('the code after a redirect or a 401/403', () => {
  it('loads with import(): a split bundle has none of it in its first chunk, and its chunk imports nothing from it', async () => {
    const recovery = (input: string) => /client\/(redirects|auth-retry)\.ts$/.test(input);
    for (const entry of ['modern-browser.ts', 'browser.ts']) {
      const outputs = await splitBundle(entry);
      const holds = (chunk: string) =>
        Object.entries(outputs[chunk]!.inputs).some(
          ([input, { bytesInOutput }]) => bytesInOutput > 0 && recovery(input),
        );
      const first =
        outputs[Object.keys(outputs).find((chunk) => outputs[chunk]!.entryPoint?.endsWith(entry))!]!;
      expect(
        first.imports.filter((link) => link.kind === 'import-statement'),
        entry,
      ).toEqual([]);
      const own = Object.keys(outputs).filter(holds);
      expect(own, entry).toHaveLength(1);
      expect(outputs[own[0]!]!.entryPoint, entry).toMatch(/client\/reply-recovery\.ts$/);
      expect(outputs[own[0]!]!.imports, entry).toEqual([]);
    }
  });
});
