import type { ClientCapabilities, ClientTransport, Implementation } from '@mcpkit/protocol';
import {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  TASKS_EXTENSION,
} from '@mcpkit/protocol/internal';
import { lazyClientCache } from './cache-loader.js';
import { cacheStep } from './cache-step.js';
import { CallChain } from './call-chain.js';
import { checkInputRounds, clientTimeoutLimits, clientToolLimits } from './call-limits.js';
import { declaredCapabilities } from './capabilities.js';
import { ClientSession } from './client-session.js';
import { Connection } from './connection.js';
import type { EraSupport, LegacyEraSeam } from './era-seam.js';
import type { TimeoutLimits } from './exchange.js';
import { inputFulfilment } from './input-requests.js';
import { inputRoundsStep } from './input-rounds.js';
import type { JsonSchemaSupply } from './json-schema-supply.js';
import type { ListenHost } from './listen-contract.js';
import type { ClientWarning, McpClientOptions } from './options.js';
import { CLIENT_VERSION } from './package-version.js';
import { Requester } from './requester.js';
import type { TaskFollower } from './task-follower.js';
import { followerFor } from './task-support.js';
import { ToolCatalog } from './tool-catalog.js';

/** `clientInfo` sent when the application names none (C-2). */
export const DEFAULT_CLIENT_INFO: Implementation = { name: '@mcpkit/client', version: CLIENT_VERSION };

/** The parts of one client, wired together (see `assembleClient`). */
export interface ClientParts {
  capabilities: Readonly<ClientCapabilities>;
  limits: TimeoutLimits;
  requester: Requester;
  connection: Connection;
  chain: CallChain;
  tools: ToolCatalog;
  listenHost: ListenHost;
  legacy: LegacyEraSeam | undefined;
  tasks: TaskFollower | undefined;
  session: ClientSession;
}

/**
 * Builds the parts of a client over `transport`, in the order of its call chain (outermost first,
 * and why: docs/design/client-chain.md). It connects with `era.connect`; with `era.legacy`, over a
 * transport that carries the 2025-era wire, it also speaks the 2025 era (docs/design/era-seam.md).
 * It checks results and form answers with the compiler of `jsonSchemas`; without one, it does not.
 */
export function assembleClient(
  transport: ClientTransport,
  options: McpClientOptions,
  lifetime: AbortSignal,
  era: EraSupport,
  jsonSchemas: JsonSchemaSupply | undefined,
): ClientParts {
  const capabilities = declaredCapabilities(options.handlers, withTasks(options));
  const limits = clientTimeoutLimits(options);
  checkInputRounds(options.maxInputRounds);
  const warn = options.onWarning ?? ((warning: ClientWarning) => console.warn('@mcpkit/client:', warning));
  const handlers = options.handlers ?? {};
  const fulfil = inputFulfilment(jsonSchemas);
  const requester = new Requester(transport, {
    capabilities,
    clientInfo: options.clientInfo === false ? undefined : (options.clientInfo ?? DEFAULT_CLIENT_INFO),
    versions: options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS,
    limits,
    logLevel: options.logLevel,
    onLog: options.onLog,
    taskResults: options.tasks !== undefined,
  });
  if (options.protocolVersion !== undefined) requester.version = options.protocolVersion;
  const cache = lazyClientCache(options, (error) => warn({ kind: 'cache-failed', error }));
  const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
  const eraVerdicts = options.eraVerdicts ?? new Map();
  const chain = new CallChain(limits, requester.send);
  // Assigned below, before anything can connect or notify.
  let connection!: Connection;
  let listenHost!: ListenHost;
  const wire = transport.legacy;
  const legacy =
    wire &&
    era.legacy?.({
      wire,
      requester,
      limits,
      handlers,
      fulfil,
      lifetime,
      probeTimeoutMs,
      logs: options,
      observe: (notification) => {
        for (const observer of listenHost.observers) observer.observe(notification as never);
      },
      server: () => connection.server,
    });
  const session = new ClientSession(transport, () => requester.version);
  if (options.protocolVersion !== undefined) session.opened();
  connection = new Connection({
    requester,
    connect: async (cacheMode) => {
      const description = await era.connect(requester, {
        era: options.era ?? 'auto',
        legacyVersions: options.legacyProtocolVersions ?? LEGACY_PROTOCOL_VERSIONS,
        clientInfo: options.clientInfo || DEFAULT_CLIENT_INFO,
        capabilities,
        verdicts: eraVerdicts,
        timeoutMs: probeTimeoutMs,
        cache,
        cacheMode,
        through: (call, terminal) => chain.through(call, terminal),
        legacy,
        withoutLegacy: era.withoutLegacy,
      });
      await legacy?.follow(description);
      return description;
    },
    limits,
    lifetime,
    fixedVersion: options.protocolVersion !== undefined,
    connected: () => session.opened(),
  });
  const tools = new ToolCatalog(chain, {
    autoListTools: options.autoListTools !== false,
    outputSchemas: options.validateStructuredContent === false ? undefined : jsonSchemas,
    maxTotalTimeoutMs: limits.maxTotalTimeoutMs,
    toolLimits: clientToolLimits(options),
    rejected: (tool, reason) => warn({ kind: 'tool-rejected', tool, reason }),
  });
  chain.add(connection.step);
  chain.add(tools.step);
  if (cache) chain.add(cacheStep(cache, requester));
  chain.add(
    inputRoundsStep(
      {
        handlers,
        maxRounds: options.maxInputRounds ?? 10,
        lifetime,
        receiveHooks: () => requester.receiveHooks,
        fulfil,
      },
      { requester, connection, limits, tools },
    ),
  );
  const tasks = followerFor(options.tasks, { requester, handlers, limits, lifetime, fulfil });
  if (tasks) chain.add(tasks.step);
  if (legacy) chain.add(legacy.callStep);
  listenHost = {
    listen: legacy
      ? (call, exchange) => chain.through(call, (inner) => legacy.listenStep(inner, exchange))
      : (call, exchange) => chain.through(call, exchange),
    requester,
    connection,
    observers: cache ? [tools, cache] : [tools],
    warn,
    maxReopenAttempts: options.maxReopenAttempts ?? 5,
    limits,
    reopenDelayMs: options.reopenDelayMs ?? ((attempt) => Math.min(250 * 2 ** (attempt - 1), 10_000)),
    subscriptions: new Set(),
  };
  return { capabilities, limits, requester, connection, chain, tools, listenHost, legacy, tasks, session };
}

/** The extra capabilities to declare: the application's, plus the tasks extension when it is on. */
function withTasks(options: McpClientOptions): McpClientOptions['capabilities'] {
  if (options.tasks === undefined) return options.capabilities;
  const extensions = { ...options.capabilities?.extensions, [TASKS_EXTENSION]: {} };
  return { ...options.capabilities, extensions };
}
