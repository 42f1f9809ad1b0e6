import type {
  ClientCapabilities,
  Implementation,
  InitializeResult,
  JSONRPCNotification,
  LegacyClientWire,
} from '@mcpkit/protocol';
import type { Step } from './call-chain.js';
import type { EraOption, EraVerdict, InitializeOutcome } from './era-types.js';
import type { TimeoutLimits } from './exchange.js';
import type { InputHandlers } from './handlers.js';
import type { Fulfil } from './input-contract.js';
import type { LogRoute } from './logs.js';
import type { ProbeOptions, ServerDescription } from './probe.js';
import type { Requester } from './requester.js';

/**
 * The 2025 era (2025-11-25 and before) as the client's core uses it, behind this one seam: the
 * handshake steps of connecting that only that era has (`connectEra` runs them when `nextEraStep`
 * says so), and once a connection chose that era, the steps that speak it in place of the modern
 * exchange. `legacy/` implements it; the entry of `@mcpkit/client` hands it to the core, the one
 * of `@mcpkit/client/modern` does not, so its bundle holds none of it.
 */
export interface LegacyEraSeam {
  /** Whether the transport can switch to the deprecated HTTP+SSE transport (B-7). */
  readonly sse: boolean;
  /** Sends `initialize` offering `version` (B-9) and classifies the answer for `nextEraStep`. */
  initialize(version: string, options: InitializeOptions): Promise<InitializeAnswer>;
  /** Switches the transport to the deprecated HTTP+SSE transport (B-7), waiting at most `timeoutMs`. */
  openSse(timeoutMs: number): Promise<SseOpening>;
  /** Enters the session `initialize` opened in `version` (B-11): the server as it described itself. */
  enter(version: string, result: InitializeResult): Promise<ServerDescription>;
  /** Adopts the era of each new connection: a 2025-era session gets what only it needs. */
  follow(description: ServerDescription): Promise<void>;
  /** The step of every call, just above the exchange: sends the call in the 2025 era when connected in it. */
  readonly callStep: Step;
  /** The step of every listen: in the 2025 era, a listen made of what the session offers. */
  readonly listenStep: Step;
  /** The client closed. */
  stop(): void;
}

/** What `initialize` offers besides its version. */
export interface InitializeOptions {
  clientInfo: Implementation;
  capabilities: Readonly<ClientCapabilities>;
  /** How long the server has to answer. */
  timeoutMs: number;
}

/** How the server answered `initialize`, and its result when it sent one. */
export interface InitializeAnswer {
  outcome: InitializeOutcome;
  result?: InitializeResult;
}

/** Whether the `GET` found an HTTP+SSE endpoint; if not, why, and the HTTP status when there was one. */
export interface SseOpening {
  found: boolean;
  detail: string;
  status?: number;
}

/** What the 2025-era parts of one client need from it. */
export interface LegacyEraConfig {
  /** The transport's 2025-era wire. */
  wire: LegacyClientWire;
  requester: Requester;
  /** The client's default timeouts, which bound the requests a listen sends. */
  limits: TimeoutLimits;
  handlers: InputHandlers;
  /** Answers input requests with `handlers`, as the client's calls do (`inputFulfilment`). */
  fulfil: Fulfil;
  /** Aborts when the client closes. */
  lifetime: AbortSignal;
  /** How long `initialize` may take; `logging/setLevel` gets as long. */
  probeTimeoutMs: number;
  /** The client's `logLevel` and `onLog`: log messages of no request go there. */
  logs: LogRoute;
  /** Sees each other notification the session sends outside any request. */
  observe(notification: JSONRPCNotification): void;
  /** The server the client is connected to now, if it is. */
  server(): ServerDescription | undefined;
}

/** Makes the 2025-era parts of one client, over a transport that carries that era's wire. */
export type LegacyEraSupport = (config: LegacyEraConfig) => LegacyEraSeam;

/** What connecting needs besides the requester. */
export interface EraConnectOptions extends ProbeOptions {
  era: EraOption;
  /** 2025-era versions the client speaks, newest first. */
  legacyVersions: readonly string[];
  clientInfo: Implementation;
  capabilities: Readonly<ClientCapabilities>;
  /** Verdicts per server (`ClientTransport.peer`), kept across reconnects and restarts (B-6). */
  verdicts: Map<string, EraVerdict>;
  /**
   * The 2025 era, when the client and its transport both speak it; without it the client speaks
   * 2026-07-28 only, as with era `modern`.
   */
  legacy: LegacyEraSeam | undefined;
  /** Without `legacy`, why: what `era: 'legacy'` fails with. */
  withoutLegacy: string;
}

/** Connects to the server (C-56..C-58): `connectEra` in both eras, `connectModern` in 2026-07-28 only. */
type EraConnect = (requester: Requester, options: EraConnectOptions) => Promise<ServerDescription>;

/**
 * What each `McpClient` hands the core: the connect step, and the 2025 era if it speaks it. The one
 * of `@mcpkit/client` hands `connectEra` and the 2025 era; the one of `@mcpkit/client/modern` only
 * `connectModern`, so that its bundle holds none of the negotiation between the eras.
 */
export interface EraSupport {
  connect: EraConnect;
  legacy?: LegacyEraSupport;
  /**
   * What `era: 'legacy'` fails with when the 2025 era cannot be used: for lack of `legacy`, or
   * of a transport that speaks that era's wire. Each entry has its own, so that its bundle holds
   * only that one.
   */
  withoutLegacy: string;
}
