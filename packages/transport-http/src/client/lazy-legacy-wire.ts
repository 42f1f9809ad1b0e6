import type {
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyClientWire,
  LegacySession,
  ServerRequestHandler,
} from '@mcpkit/protocol';
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
import { causeMessage } from './cause-message.js';
import type { LegacyKit } from './legacy-kit.js';
import type { HttpLegacySession } from './legacy-session.js';
import type { HttpSseSession } from './legacy-sse.js';
import type { LegacyWire, LegacyWireContext, LegacyWireFactory } from './legacy-wire-contract.js';
import { isEventStream, readEvents, readExchange } from './read-exchange.js';
import { SseReader } from './sse-reader.js';

/** What the 2025-era wire uses of this chunk, handed in when it loads (see `LegacyKit`). */
const LEGACY_WIRE_KIT: LegacyKit = {
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
};

/**
 * The 2025-era wire, loaded (`import()`) only once the client speaks that era: when it sends
 * `initialize`, or first uses `ClientTransport.legacy`. A bundler puts that code in a chunk of its
 * own, which a client of 2026-07-28 servers never loads. Until then there is no session: requests
 * carry no session headers, and there is none to end.
 */
class LazyLegacyWire implements LegacyWire {
  readonly #context: LegacyWireContext;
  #loaded: LegacyWire | undefined;
  loading: Promise<HttpLegacySession> | undefined;
  /** The handler registered before the code loaded, handed over once it has. */
  #handler: ServerRequestHandler | undefined;
  #unregister: (() => void) | undefined;

  constructor(context: LegacyWireContext) {
    this.#context = context;
  }

  get session(): HttpLegacySession | undefined {
    return this.#loaded?.session;
  }

  get sse(): HttpSseSession | undefined {
    return this.#loaded?.sse;
  }

  load(): Promise<HttpLegacySession> {
    if (this.#loaded) return Promise.resolve(this.#loaded.session!);
    if (this.loading) return this.loading;
    const loading = import('./legacy-wire.js').then(({ adoptKit, httpLegacyWire }) => {
      adoptKit(LEGACY_WIRE_KIT);
      const loaded = httpLegacyWire(this.#context);
      if (this.#handler) this.#unregister = loaded.wire.onServerRequest(this.#handler);
      this.#loaded = loaded;
      this.loading = undefined;
      return loaded.session!;
    });
    // A chunk that failed to load (a browser offline) fails what waited for it; a later use tries again.
    loading.catch(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    this.loading = loading;
    return loading;
  }

  /** `wire` once the code is loaded, loading it first if need be. */
  async #wire(): Promise<LegacyClientWire> {
    await this.load();
    return this.#loaded!.wire;
  }

  answer(request: JSONRPCRequest, related: JSONRPCRequest): void {
    if (this.#loaded) this.#loaded.answer(request, related);
    else void this.load().then(() => this.#loaded!.answer(request, related));
  }

  readonly wire: LegacyClientWire = {
    onServerRequest: (handler: ServerRequestHandler) => {
      if (this.#loaded) return this.#loaded.wire.onServerRequest(handler);
      this.#handler = handler;
      return () => {
        if (this.#handler !== handler) return;
        this.#handler = undefined;
        this.#unregister?.();
      };
    },
    beginSession: (legacy: LegacySession) => {
      // The client begins a session once `initialize` was answered, which loaded the code.
      if (this.#loaded) this.#loaded.wire.beginSession(legacy);
      else void this.#wire().then((wire) => wire.beginSession(legacy));
    },
    // No code loaded: no session was begun, so there is none to end.
    endSession: async () => this.#loaded?.wire.endSession(),
    serverMessages: (signal: AbortSignal) => this.#serverMessages(signal),
    openSse: async (signal: AbortSignal) => (await this.#wire()).openSse!(signal),
    sessionId: () => this.#loaded?.session?.sessionId,
  };

  async *#serverMessages(signal: AbortSignal): AsyncGenerator<JSONRPCNotification> {
    yield* (await this.#wire()).serverMessages(signal);
  }

  async close(): Promise<void> {
    if (this.loading) await this.loading.catch(() => {});
    await this.#loaded?.close();
  }
}

/** The 2025-era wire, for `openHttpClientTransport`: its code loads when first needed. */
export const lazyHttpLegacyWire: LegacyWireFactory = (context) => new LazyLegacyWire(context);
