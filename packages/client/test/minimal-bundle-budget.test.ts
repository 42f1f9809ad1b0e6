import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from './helpers/browser-bundle.js';

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

describe('a minimal browser client of /minimal over HTTP, with validation left to the app (validateWith: false)', () => {
  it('stays within 22 KiB gzipped in its first chunk and 35 KiB in all, with no chunk of our validator', async () => {
    const {
      firstBytes: first,
      allBytes: all,
      texts,
    } = await bundleForBrowser(app('minimal.js', '\n  validateWith: false,'), root, 'js');
    expect(first).toBeGreaterThan(10 * 1024);
    expect(first, `${first} bytes gzipped`).toBeLessThanOrEqual(22 * 1024);
    expect(all, `${all} bytes gzipped`).toBeLessThanOrEqual(35 * 1024);
    expect(texts.filter((text) => text.includes(VALIDATOR_MARKER))).toEqual([]);
  });

  it("the marker finds the validator's chunk in the bundle of /modern", async () => {
    const { texts } = await bundleForBrowser(app('modern.js', ''), root, 'js');
    expect(texts.filter((text) => text.includes(VALIDATOR_MARKER))).toHaveLength(1);
  });
});
