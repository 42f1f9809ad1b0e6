import { describe, expect, it } from 'vitest';
import { cachePrefix, primaryKey, ResponseCache } from '../src/cache.js';
import { isFresh, MemoryCacheStore } from '../src/cache-store.js';
import type { CacheStore } from '../src/index.js';
import { clock } from './helpers/mock-server.js';

describe('freshness (C-32)', () => {
  it('fresh while now < t_received + ttlMs; ttlMs 0 is immediately stale', () => {
    expect(isFresh({ receivedAt: 100, ttlMs: 50 }, 149)).toBe(true);
    expect(isFresh({ receivedAt: 100, ttlMs: 50 }, 150)).toBe(false);
    expect(isFresh({ receivedAt: 100, ttlMs: 0 }, 100)).toBe(false);
  });

  it('P-67, C-30: an empty cursor and no cursor are different keys', () => {
    expect(primaryKey(undefined)).not.toBe(primaryKey(''));
    expect(cachePrefix('resources/read', primaryKey('file:///a'))).not.toBe(
      cachePrefix('resources/read', primaryKey('file:///ab')),
    );
    expect(
      cachePrefix('resources/read', primaryKey('file:///ab')).startsWith(
        cachePrefix('resources/read', primaryKey('file:///a')),
      ),
    ).toBe(false);
  });
});

describe('MemoryCacheStore', () => {
  it('holds at most maxEntries, dropping the oldest, and drops stale entries when read', async () => {
    const time = clock();
    const store = new MemoryCacheStore({ maxEntries: 2, now: time.now });
    const entry = (ttlMs: number) => ({
      result: {},
      receivedAt: time.now(),
      ttlMs,
      cacheScope: 'public' as const,
    });
    await store.set('a', entry(100));
    await store.set('b', entry(100));
    await store.set('c', entry(100));
    expect(await store.get('a')).toBeUndefined();
    expect(store.size).toBe(2);
    time.advance(100);
    expect(await store.get('b')).toBeUndefined();
    await store.set('x\n1', entry(100));
    await store.set('x\n2', entry(100));
    await store.deleteByPrefix('x\n');
    expect(store.size).toBe(0);
  });
});

describe('ResponseCache', () => {
  const result = (ttlMs: number, cacheScope = 'private') => ({
    resultType: 'complete',
    ttlMs,
    cacheScope,
    tools: [],
  });

  it('C-35: private results stay in their partition; public ones are shared', async () => {
    const time = clock();
    const store = new MemoryCacheStore({ now: time.now });
    let partition = 'alice';
    const cache = new ResponseCache(
      store,
      () => partition,
      time.now,
      (e) => {
        throw e;
      },
    );
    await cache.store('tools/list', '-', 'v', result(1000, 'private'), cache.epoch);
    await cache.store('resources/read', '"u"', 'v', result(1000, 'public'), cache.epoch);
    expect(await cache.lookup('tools/list', '-', 'v')).toBeDefined();
    partition = 'bob';
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
    expect(await cache.lookup('resources/read', '"u"', 'v')).toBeDefined();
  });

  it('never stores a result fetched while an invalidation happened, nor one that is stale already', async () => {
    const time = clock();
    const cache = new ResponseCache(new MemoryCacheStore({ now: time.now }), '', time.now, () => {});
    const epoch = cache.epoch;
    await cache.invalidate(cachePrefix('tools/list'));
    await cache.store('tools/list', '-', 'v', result(1000), epoch);
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
    await cache.store('tools/list', '-', 'v', result(0), cache.epoch);
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
  });

  it('a failing store is reported and treated as a miss', async () => {
    const errors: unknown[] = [];
    const broken: CacheStore = {
      get: async () => {
        throw new Error('down');
      },
      set: async () => {
        throw new Error('down');
      },
      deleteByPrefix: async () => {
        throw new Error('down');
      },
    };
    const cache = new ResponseCache(broken, '', Date.now, (e) => errors.push(e));
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
    await cache.store('tools/list', '-', 'v', result(10), cache.epoch);
    await cache.invalidate('x');
    expect(errors).toHaveLength(3);
  });
});
