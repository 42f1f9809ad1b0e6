import {
  decodeMessage,
  isRecord,
  McpHeader,
  parseJson,
  ServerRequestSlot,
  sleep,
  TransportError,
  writeCancel,
} from '@mcpkit/protocol/internal';
import { causeMessage } from '../../src/client/cause-message.js';
import { adoptKit, httpLegacyWire as loadedWire } from '../../src/client/legacy-wire.js';
import type { LegacyWireFactory } from '../../src/client/legacy-wire-contract.js';
import { isEventStream, readEvents, readExchange } from '../../src/client/read-exchange.js';
import { SseReader } from '../../src/client/sse-reader.js';

/** The 2025-era wire loaded at once, handed the values the entries hand it when they load it. */
export const httpLegacyWire: LegacyWireFactory = (context) => {
  adoptKit({
    TransportError,
    McpHeader,
    ServerRequestSlot,
    sleep,
    decodeMessage,
    isRecord,
    parseJson,
    writeCancel,
    causeMessage,
    isEventStream,
    readEvents,
    readExchange,
    SseReader,
  });
  return loadedWire(context);
};
