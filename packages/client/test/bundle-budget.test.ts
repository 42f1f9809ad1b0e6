import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from './helpers/browser-bundle.js';

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

/** The budget: 22 KiB. */
const MODERN_FIRST_CHUNK_BUDGET = 22 * 1024;

describe('the first chunk of a minimal browser client of /modern over HTTP', () => {
  it('stays within 22 KiB gzipped', async () => {
    const bytes = (await bundleForBrowser(APP, src, 'ts')).firstBytes;
    expect(bytes).toBeGreaterThan(10 * 1024);
    expect(bytes, `${bytes} bytes gzipped`).toBeLessThanOrEqual(MODERN_FIRST_CHUNK_BUDGET);
  });
});
