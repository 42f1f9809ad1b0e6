import { loadSchemas } from '@mcpkit/protocol/schema-loader';
import { SchemasNeeded } from './schema-adapter.js';

/**
 * Registrations waiting for the protocol's zod: a schema written with zod/mini (or an older zod) is
 * listed and checked with it, and loading it takes a moment. Requests wait until they are
 * done (the pipeline reads `ready`), so a client never meets a server without a tool it registered.
 * A server whose schemas describe themselves never waits and never loads zod.
 */
export class WaitingRegistrations {
  /** Settles once every waiting registration has run; `undefined` while none waits. */
  ready: Promise<void> | undefined;
  /** The names registrations are waiting to take, by registry: taken already for a new one. */
  private readonly held = new Map<object, Set<string>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Whether a registration waiting to run holds `key` in `registry`. */
  holds(registry: object, key: string): boolean {
    return this.held.get(registry)?.has(key) ?? false;
  }

  /**
   * Runs `task` now, or after the schemas are loaded when it needs them. While one waits, later
   * tasks queue behind it, so updates apply in order; a failure then goes to `onError`. A waiting
   * task that adds `key` to `registry` holds that name until it has run.
   */
  run(task: () => void, adds?: { registry: object; key: string }): void {
    if (this.ready === undefined) {
      try {
        task();
        return;
      } catch (error) {
        if (!(error instanceof SchemasNeeded)) throw error;
      }
    }
    if (adds !== undefined) {
      const keys = this.held.get(adds.registry) ?? new Set<string>();
      keys.add(adds.key);
      this.held.set(adds.registry, keys);
    }
    const settle = (error?: unknown) => {
      if (adds !== undefined) this.held.get(adds.registry)?.delete(adds.key);
      if (error !== undefined) this.onError(error);
      if (this.ready === ready) this.ready = undefined;
    };
    const ready: Promise<void> = (this.ready ?? loadSchemas()).then(() => {
      try {
        task();
        settle();
      } catch (error) {
        settle(error);
      }
    }, settle);
    this.ready = ready;
  }
}
