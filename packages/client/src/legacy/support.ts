import { type LegacyHandshake, legacyHandshake } from './handshake.js';
import { LegacyEra, type LegacyEraConfig } from './legacy-era.js';

/**
 * Everything the client needs to speak the 2025 era, handed to it by the entry that speaks that
 * era (`@mcpkit/client`); the client of `@mcpkit/client/modern` gets none, and its bundle holds
 * none of this.
 */
export interface LegacySupport {
  handshake: LegacyHandshake;
  era(config: LegacyEraConfig): LegacyEra;
}

export const legacySupport: LegacySupport = {
  handshake: legacyHandshake,
  era: (config) => new LegacyEra(config),
};
