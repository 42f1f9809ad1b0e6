import type { Registry } from './registry.js';
import type { WaitingRegistrations } from './waiting-registrations.js';

/**
 * Adds `compile(config, fn)` to `registry` under `key`; an update merges its changes over the
 * current config, keeps the function unless given a new one, and replaces the entry in place.
 * `compiled` runs after the registration and after every update (not when compiling throws).
 * A registration whose schemas need the protocol's zod, and whatever follows it, waits in `waiting`.
 */
export function register<C extends object, F, E>(
  registry: Registry<E>,
  key: string,
  compile: (config: C, fn: F) => E,
  config: C,
  fn: F,
  compiled: (config: C) => void,
  waiting: WaitingRegistrations,
): { update(changes: Partial<C>, fn: F | undefined): void; remove(): boolean } {
  // A name a waiting registration holds is taken too: an error at once, as for a registered one.
  if (waiting.holds(registry, key)) throw new TypeError(`${JSON.stringify(key)} is already registered`);
  waiting.run(
    () => {
      registry.add(key, compile(config, fn));
      compiled(config);
    },
    { registry, key },
  );
  let current = { config, fn };
  return {
    update(changes, nextFn) {
      const next = { config: { ...current.config, ...changes }, fn: nextFn ?? current.fn };
      waiting.run(() => {
        registry.replace(key, compile(next.config, next.fn));
        compiled(next.config);
      });
      current = next;
    },
    remove: () => {
      let removed = false;
      waiting.run(() => {
        removed = registry.delete(key);
      });
      return removed || waiting.ready !== undefined;
    },
  };
}
