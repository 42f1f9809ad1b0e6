import { describe, expect, it } from 'vitest';
import { createHttpClientTransport } from '../src/index.js';

describe('HTTP client transport network (for client middleware)', () => {
  it.each([
    ['http://localhost:3000/mcp', { transport: 'tcp', address: 'localhost', port: 3000 }],
    ['http://example.test/mcp', { transport: 'tcp', address: 'example.test', port: 80 }],
    ['https://example.test/mcp', { transport: 'tcp', address: 'example.test', port: 443 }],
    ['http://[::1]:8080/mcp', { transport: 'tcp', address: '::1', port: 8080 }],
  ])('%s is reached over tcp at the URL host and port', async (url, network) => {
    const transport = createHttpClientTransport(url);
    expect(transport.network).toEqual(network);
    await transport.close();
  });
});
