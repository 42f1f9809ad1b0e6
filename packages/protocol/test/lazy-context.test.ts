import { describe, expect, it } from 'vitest';
import { LazyRequestContext } from '../src/lazy-context.js';

describe('LazyRequestContext', () => {
  it('has as own properties only the fields it was given, and its signal', () => {
    const bare = new LazyRequestContext({ transport: 'stdio' });
    expect(Object.keys(bare)).toEqual(['transport', 'signal']);
    const headers = new Headers({ 'mcp-method': 'tools/call' });
    const http = new LazyRequestContext({ transport: 'http', headers, auth: undefined });
    expect(Object.keys(http)).toEqual(['transport', 'headers', 'signal']);
    expect(http.headers).toBe(headers);
    expect(http.auth).toBeUndefined();
  });

  it('keeps a working signal in a spread copy', () => {
    const context = new LazyRequestContext({ transport: 'memory' });
    const copy = { ...context };
    context.abort(new Error('stop'));
    expect(copy.signal.aborted).toBe(true);
    expect(copy.transport).toBe('memory');
  });

  it('remembers an abort before anyone read the signal, and reports it without creating one', () => {
    const context = new LazyRequestContext({ transport: 'stdio' });
    expect(context.aborted).toBe(false);
    const reason = new Error('cancelled');
    context.abort(reason);
    expect(context.aborted).toBe(true);
    expect(context.signal.aborted).toBe(true);
    expect(context.signal.reason).toBe(reason);
  });
});
