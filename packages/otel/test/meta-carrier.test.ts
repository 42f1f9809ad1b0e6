import { context, propagation, type TextMapPropagator } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { injectMeta } from '../src/meta-carrier.js';

/** A propagator that writes `key` and then, when told to, throws. */
function writing(key: string, fail: boolean): TextMapPropagator {
  return {
    inject(_context, carrier, setter) {
      setter.set(carrier, key, 'v');
      if (fail) throw new Error('propagator broke');
    },
    extract: (ctx) => ctx,
    fields: () => [key],
  };
}

describe('injectMeta', () => {
  afterEach(() => propagation.disable());

  it('a propagator that throws leaves nothing behind for the next message', () => {
    propagation.setGlobalPropagator(writing('stale', true));
    expect(() => injectMeta(context.active(), {})).toThrow('propagator broke');
    propagation.disable();
    const params = { _meta: { a: 1 } };
    expect(injectMeta(context.active(), params)).toBe(params);
    propagation.setGlobalPropagator(writing('fresh', false));
    expect(injectMeta(context.active(), params)).toEqual({ _meta: { a: 1, fresh: 'v' } });
  });
});
