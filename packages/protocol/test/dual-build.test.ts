import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Both builds of the package as a user gets them (built by `turbo run test`, which builds first).
const require = createRequire(import.meta.url);
const cjs = require('../dist/index.cjs') as typeof import('../src/index.js');
const esm = (await import('../dist/index.js' as string)) as typeof import('../src/index.js');

describe('error classes across the ESM and CJS builds', () => {
  it('the two builds are distinct copies of the classes', () => {
    expect(cjs.McpError).not.toBe(esm.McpError);
    expect(cjs.TransportError).not.toBe(esm.TransportError);
  });

  it('an McpError of either build is an McpError of the other (instanceof and isMcpError)', () => {
    const fromCjs = cjs.McpError.invalidParams('x');
    const fromEsm = esm.McpError.invalidParams('x');
    expect(fromCjs instanceof esm.McpError).toBe(true);
    expect(fromEsm instanceof cjs.McpError).toBe(true);
    expect(esm.isMcpError(fromCjs)).toBe(true);
    expect(cjs.isMcpError(fromEsm)).toBe(true);
  });

  it('a TransportError of either build is a TransportError of the other', () => {
    const fromCjs = new cjs.TransportError('closed', 'closed');
    const fromEsm = new esm.TransportError('closed', 'closed');
    expect(fromCjs instanceof esm.TransportError).toBe(true);
    expect(fromEsm instanceof cjs.TransportError).toBe(true);
    expect(esm.isTransportError(fromCjs)).toBe(true);
  });

  it('other values are not branded: plain errors, look-alikes, the other class', () => {
    expect(new Error('x') instanceof esm.McpError).toBe(false);
    expect({ code: -32602, message: 'x' } instanceof esm.McpError).toBe(false);
    expect(esm.isMcpError(null)).toBe(false);
    expect(new esm.TransportError('closed', 'x') instanceof cjs.McpError).toBe(false);
    expect(cjs.McpError.internalError() instanceof esm.TransportError).toBe(false);
  });

  it('a subclass keeps the ordinary prototype check', () => {
    class Custom extends esm.McpError {}
    expect(new Custom(1, 'x') instanceof Custom).toBe(true);
    expect(esm.McpError.internalError() instanceof Custom).toBe(false);
    expect(new Custom(1, 'x') instanceof cjs.McpError).toBe(true);
  });
});
