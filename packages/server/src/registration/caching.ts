import type { CacheScope } from '@mcpkit/protocol';

/** Caching hints of a cacheable result (P-70). */
export interface CacheHint {
  /** How long the result stays fresh, in milliseconds: an integer ≥ 0. */
  ttlMs: number;
  /** `"public"` only when the result is the same for every caller (S-42). */
  cacheScope: CacheScope;
}

/** The six methods whose complete results carry `ttlMs` and `cacheScope` (S-40, Q-9). */
export type CacheableMethod =
  | 'server/discover'
  | 'tools/list'
  | 'prompts/list'
  | 'resources/list'
  | 'resources/templates/list'
  | 'resources/read';

/** Caching hints per server and per method; resources may set their own. */
export interface CachingOptions {
  /** For every cacheable result. Default `{ ttlMs: 0, cacheScope: 'private' }`: never reused, never shared. */
  default?: Partial<CacheHint>;
  /** Per method, over `default`. */
  methods?: Partial<Record<CacheableMethod, Partial<CacheHint>>>;
}

const SAFE_DEFAULT: CacheHint = { ttlMs: 0, cacheScope: 'private' };

/** Throws when `hint` holds a value the spec does not allow. */
export function checkCacheHint(hint: Partial<CacheHint> | undefined, where: string): void {
  if (hint?.ttlMs !== undefined && !(Number.isSafeInteger(hint.ttlMs) && hint.ttlMs >= 0)) {
    throw new RangeError(`${where}: ttlMs must be an integer ≥ 0, got ${hint.ttlMs}`);
  }
  if (hint?.cacheScope !== undefined && hint.cacheScope !== 'public' && hint.cacheScope !== 'private') {
    throw new RangeError(`${where}: cacheScope must be "public" or "private"`);
  }
}

function merge(base: CacheHint, over: Partial<CacheHint> | undefined): CacheHint {
  if (!over) return base;
  return { ttlMs: over.ttlMs ?? base.ttlMs, cacheScope: over.cacheScope ?? base.cacheScope };
}

/**
 * Resolves the hints of a result: the item's own (a resource's), else the method's, else the
 * server's, else `0`/`"private"`. Every page of a list uses its method's scope (S-41).
 */
export class CachePolicy {
  private readonly byMethod: Record<CacheableMethod, CacheHint>;

  constructor(options: CachingOptions = {}) {
    checkCacheHint(options.default, 'cache.default');
    const base = merge(SAFE_DEFAULT, options.default);
    const methods: CacheableMethod[] = [
      'server/discover',
      'tools/list',
      'prompts/list',
      'resources/list',
      'resources/templates/list',
      'resources/read',
    ];
    this.byMethod = {} as Record<CacheableMethod, CacheHint>;
    for (const method of methods) {
      const over = options.methods?.[method];
      checkCacheHint(over, `cache.methods["${method}"]`);
      this.byMethod[method] = Object.freeze(merge(base, over));
    }
  }

  /** The hints for a result of `method`, with `item` overriding field by field. */
  hint(method: CacheableMethod, item?: Partial<CacheHint>): CacheHint {
    return merge(this.byMethod[method], item);
  }
}
