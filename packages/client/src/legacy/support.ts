import type { LegacyEraConfig, LegacyEraSeam } from '../era-seam.js';
import { adoptKit, type LegacyKit } from './kit.js';
import { LegacyEra } from './legacy-era.js';

/**
 * The 2025 era of `McpClient` from `@mcpkit/client`, which its entry hands to the client's core;
 * the client of `@mcpkit/client/modern` gets none, and its bundle holds none of this.
 */
export function legacyEra(config: LegacyEraConfig, kit: LegacyKit): LegacyEraSeam {
  adoptKit(kit);
  return new LegacyEra(config);
}
