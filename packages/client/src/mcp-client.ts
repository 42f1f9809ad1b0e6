import type { ClientTransport } from '@mcpkit/protocol';
import {
  ErrorCode,
  isTransportError,
  loadClientSchemas,
  McpError,
  MetaKey,
  TransportError,
} from '@mcpkit/protocol/internal';
import { CallState } from './call.js';
import { waitUnless } from './call-limits.js';
import { McpClientCore } from './client.js';
import { timerDelay } from './deadlines.js';
import { connectEra } from './era-connect.js';
import type { EraSupport, LegacyEraSeam, LegacyEraSupport } from './era-seam.js';
import {
  InputRequiredError,
  InvalidResponseError,
  peerError,
  RequestTimeoutError,
  ServerStreamRefusedError,
} from './errors.js';
import { bundledJsonSchema } from './json-schema-loader.js';
import type { LegacyKit } from './legacy/kit.js';
import { listenFilter } from './listen-call.js';
import { deliverLog, isAtLeast } from './logs.js';
import type { McpClientOptions } from './options.js';
import { hookedServerNotification, hookedServerRequest } from './wire-hooks.js';

/** What the 2025 era's chunk uses of this one, handed in so that it imports nothing from it. */
const LEGACY_KIT: LegacyKit = {
  MetaKey,
  loadClientSchemas,
  McpError,
  TransportError,
  isTransportError,
  ErrorCode,
  CallState,
  timerDelay,
  waitUnless,
  InvalidResponseError,
  RequestTimeoutError,
  InputRequiredError,
  ServerStreamRefusedError,
  peerError,
  listenFilter,
  deliverLog,
  isAtLeast,
  hookedServerRequest,
  hookedServerNotification,
};

/**
 * The 2025 era, loaded (`import()`) only when a server turns out to speak it: until `initialize`
 * is first sent, the client runs none of its code, and a bundler puts it in a chunk of its own that
 * a client of 2026-07-28 servers never loads.
 */
const lazyLegacyEra: LegacyEraSupport = (config) => {
  let era: LegacyEraSeam | undefined;
  let loading: Promise<LegacyEraSeam> | undefined;
  const load = () => {
    loading ??= import('./legacy/support.js').then(({ legacyEra }) => {
      era = legacyEra(config, LEGACY_KIT);
      return era;
    });
    return loading;
  };
  return {
    sse: config.wire.openSse !== undefined,
    initialize: async (version, options) => (await load()).initialize(version, options),
    openSse: async (timeoutMs) => (await load()).openSse(timeoutMs),
    enter: async (version, result) => (await load()).enter(version, result),
    // A modern connection before any 2025-era one has nothing of that era to stop.
    follow: async (description) =>
      (era ?? (description.era === 'legacy' ? await load() : undefined))?.follow(description),
    // Connected in the 2025 era only after `initialize`, which loaded it.
    callStep: (call, next) => (era ? era.callStep(call, next) : next(call)),
    listenStep: (call, next) => (era ? era.listenStep(call, next) : next(call)),
    stop: () => era?.stop(),
  };
};

/** Both eras: the lazy 2025 era, and the negotiation between the eras that connects. */
const fullEras: EraSupport = {
  legacy: lazyLegacyEra,
  connect: connectEra,
  withoutLegacy: "era 'legacy' needs a transport that speaks the 2025-era wire (ClientTransport.legacy)",
};

/**
 * An MCP 2026-07-28 client over any `ClientTransport`. It probes the server with
 * `server/discover` and picks the version, puts the per-request `_meta` on every request,
 * answers `input_required` with the registered handlers, caches what the server says is
 * cacheable, and never waits forever. A server older than 2026-07-28 is spoken to in its own era
 * (`initialize`, sessions, the deprecated HTTP+SSE transport) unless `era` says otherwise; that
 * code loads only once such a server is met. An application that talks only to 2026-07-28
 * servers ships less code with the same class from `@mcpkit/client/modern`.
 *
 * @example
 * ```ts
 * const client = new McpClient(transport, {
 *   clientInfo: { name: 'my-agent', version: '1.0.0' },
 *   handlers: { elicitation: { form: async (request) => ({ action: 'accept', content: await ask(request) }) } },
 * });
 * await client.connect();
 * for await (const tool of client.iterateTools()) console.log(tool.name);
 * const result = await client.callTool('add', { a: 1, b: 2 }, { onProgress: console.log });
 * ```
 */
export class McpClient extends McpClientCore {
  constructor(transport: ClientTransport, options: McpClientOptions = {}) {
    super(transport, options, fullEras, bundledJsonSchema);
  }
}
