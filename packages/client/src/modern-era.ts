import { connectModern } from './connect-modern.js';
import type { EraSupport } from './era-seam.js';

/**
 * 2026-07-28 only: `server/discover`, never `initialize`. The era of `@mcpkit/client/modern` and
 * `@mcpkit/client/minimal`.
 */
export const modernOnly: EraSupport = {
  connect: connectModern,
  withoutLegacy: "era 'legacy' needs the client of @mcpkit/client, which speaks the 2025 era",
};
