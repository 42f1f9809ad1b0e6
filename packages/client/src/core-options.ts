import type { LegacySupport } from './legacy/support.js';
import type { McpClientOptions } from './options.js';

/** Where the 2025-era support travels in the options: a key that no `McpClientOptions` can hold. */
const LEGACY_SUPPORT = Symbol('legacy support');

/** The options the client's core reads: the public ones, and the 2025-era support when given. */
interface CoreOptions extends McpClientOptions {
  readonly [LEGACY_SUPPORT]?: LegacySupport;
}

/**
 * `options` with the 2025-era support added: how the `McpClient` of `@mcpkit/client` builds its
 * core, whose constructor's declared type names only `McpClientOptions`. The `McpClient` of
 * `@mcpkit/client/modern` passes its options as they are, so its core gets no such support.
 */
export function withLegacySupport(options: McpClientOptions, support: LegacySupport): McpClientOptions {
  const core: CoreOptions = { ...options, [LEGACY_SUPPORT]: support };
  return core;
}

/** The 2025-era support `withLegacySupport` put in `options`, if any. */
export function legacySupportIn(options: McpClientOptions): LegacySupport | undefined {
  return (options as CoreOptions)[LEGACY_SUPPORT];
}
