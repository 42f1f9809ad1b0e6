import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestIdMap } from '../../src/mux/request-id-map.js';

type Key = number | string;
const tag = (id: Key) => `${typeof id}:${id}`;

describe('RequestIdMap', () => {
  it('P-3: 1 and "1" are different keys', () => {
    const map = new RequestIdMap<number>();
    map.set(1, 1);
    map.set('1', 2);
    expect(map.get(1)).toBe(1);
    expect(map.get('1')).toBe(2);
    expect(map.size).toBe(2);
    expect(map.delete(1)).toBe(true);
    expect(map.get('1')).toBe(2);
    expect(map.has(1)).toBe(false);
  });

  it('ids that share a slot (1,024 apart) are kept apart', () => {
    const map = new RequestIdMap<number>();
    map.set(5, 1);
    map.set(5 + 1024, 2);
    map.set(5 - 2048, 3);
    expect([map.get(5), map.get(1029), map.get(-2043)]).toEqual([1, 2, 3]);
    expect(map.delete(5)).toBe(true);
    expect(map.get(1029)).toBe(2);
    map.set(1029, 4);
    expect(map.size).toBe(2);
    expect(map.get(1029)).toBe(4);
    expect(map.get(1.5)).toBeUndefined();
  });

  it('behaves like a Map keyed by type and value, for any sequence of operations', () => {
    const id = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.integer({ min: -3, max: 3 }).map((n) => n * 1024 + 1),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 32, 2 ** 32 + 1),
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
        const ids = new Set<Key>([1.5, 'missing']);
        for (const op of operations) {
          if (op.kind === 'set') {
            map.set(op.id, op.value);
            model.set(tag(op.id), op.value);
            ids.add(op.id);
          } else if (op.kind === 'delete') {
            expect(map.delete(op.id)).toBe(model.delete(tag(op.id)));
          } else {
            map.clear();
            model.clear();
          }
          expect(map.size).toBe(model.size);
        }
        for (const candidate of ids) expect(map.get(candidate)).toBe(model.get(tag(candidate)));
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
