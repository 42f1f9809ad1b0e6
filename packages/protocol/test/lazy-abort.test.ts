import { describe, expect, it } from 'vitest';
import { LazyAbort } from '../src/internal.js';

describe('LazyAbort', () => {
  it('creates one signal on first read and aborts it later', () => {
    const lazy = new LazyAbort();
    const signal = lazy.signal;
    expect(lazy.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    lazy.abort('why');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('why');
  });

  it('remembers an abort that came before the first read', () => {
    const lazy = new LazyAbort();
    lazy.abort('early');
    expect(lazy.aborted).toBe(true);
    expect(lazy.signal.aborted).toBe(true);
    expect(lazy.signal.reason).toBe('early');
  });

  it('keeps the first reason', () => {
    const lazy = new LazyAbort();
    lazy.abort('first');
    lazy.abort('second');
    expect(lazy.signal.reason).toBe('first');
  });

  it('calls onAbort listeners once, at once when already aborted, without creating the signal', () => {
    const lazy = new LazyAbort();
    const heard: unknown[] = [];
    lazy.onAbort((reason) => heard.push(['before', reason]));
    lazy.abort('gone');
    lazy.abort('again');
    lazy.onAbort((reason) => heard.push(['after', reason]));
    expect(heard).toEqual([
      ['before', 'gone'],
      ['after', 'gone'],
    ]);
  });
});
