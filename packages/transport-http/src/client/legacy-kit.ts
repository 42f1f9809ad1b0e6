import type {
  decodeMessage,
  isRecord,
  McpHeader,
  parseJson,
  ServerRequestSlot,
  sleep,
  TransportError,
  writeCancel,
} from '@mcpkit/protocol/internal';
import type { causeMessage } from './cause-message.js';
import type { isEventStream, readEvents, readExchange } from './read-exchange.js';
import type { SseReader } from './sse-reader.js';

// The 2025-era wire loads with `import()` into a chunk of its own (`legacy-wire.ts`). What it uses of
// the transport's first chunk is handed in when it loads (`lazy-legacy-wire.ts`), not imported: a
// bundler would cut every module both import out of the first chunk into one more file for a
// browser to fetch first.

/** The values of the first chunk the 2025-era wire uses. */
export interface LegacyKit {
  TransportError: typeof TransportError;
  McpHeader: typeof McpHeader;
  ServerRequestSlot: typeof ServerRequestSlot;
  sleep: typeof sleep;
  decodeMessage: typeof decodeMessage;
  isRecord: typeof isRecord;
  parseJson: typeof parseJson;
  writeCancel: typeof writeCancel;
  causeMessage: typeof causeMessage;
  isEventStream: typeof isEventStream;
  readEvents: typeof readEvents;
  readExchange: typeof readExchange;
  SseReader: typeof SseReader;
}

/**
 * The kit, filled by `adoptKit` before any of the wire runs. Every transport hands the same values
 * (its entry's), so a later fill changes nothing.
 */
export const kit = {} as LegacyKit;

/** Fills `kit` with what the first chunk hands in. */
export function adoptKit(values: LegacyKit): void {
  Object.assign(kit, values);
}
