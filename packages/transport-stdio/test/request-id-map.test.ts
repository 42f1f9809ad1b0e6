import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestIdMap } from '../src/client/request-id-map.js';

type Key = number | string;
const tag = (id: Key) => `${typeof id}:${id}`;

describe('RequestIdMap', () => {
  it('P-3: 1 and "1" are different keys', () => {
    const map = new RequestIdMap<string>();
    map.set(1, 'number');
    map.set('1', 'string');
    expect(map.get(1)).toBe('number');
    expect(map.get('1')).toBe('string');
    expect(map.size).toBe(2);
    expect(map.delete(1)).toBe(true);
    expect(map.get('1')).toBe('string');
    expect(map.has(1)).toBe(false);
  });

  it('behaves like a Map keyed by type and value, for any sequence of operations', () => {
    const id = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 32),
      fc.constantFrom('1', '0', '', '__proto__', 'constructor', 'toString', 'a'),
    );
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), id, value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), id }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const map = new RequestIdMap<number>();
        const model = new Map<string, number>();
        for (const op of operations) {
          if (op.kind === 'set') {
            map.set(op.id, op.value);
            model.set(tag(op.id), op.value);
          } else if (op.kind === 'delete') {
            expect(map.delete(op.id)).toBe(model.delete(tag(op.id)));
          } else {
            map.clear();
            model.clear();
          }
          expect(map.size).toBe(model.size);
        }
        for (const candidate of [-5, 0, 3, 2 ** 32, '1', '__proto__', 'toString', 'a']) {
          expect(map.get(candidate)).toBe(model.get(tag(candidate)));
        }
        expect(map.values().sort()).toEqual([...model.values()].sort());
      }),
    );
  });

  it('values() is a snapshot: deleting while walking it is safe', () => {
    const map = new RequestIdMap<number>();
    for (let i = 0; i < 5; i++) map.set(i, i);
    map.set('x', 99);
    const seen: number[] = [];
    for (const value of map.values()) {
      seen.push(value);
      map.delete(value === 99 ? 'x' : value);
    }
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 99]);
    expect(map.size).toBe(0);
  });
});
