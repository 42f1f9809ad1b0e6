import type { Implementation, ServerCapabilities } from '@mcpkit/protocol';
import type { ExtensionSet } from '../extensions/extension-set.js';
import type { RequestStateCodec } from '../input/request-state.js';
import type { CachePolicy } from '../registration/caching.js';
import type { PromptEntry } from '../registration/prompts.js';
import type { Registry } from '../registration/registry.js';
import type { ResourceCatalog } from '../registration/resources.js';
import type { ToolEntry } from '../registration/tools.js';
import type { WaitingRegistrations } from '../registration/waiting-registrations.js';
import type { ListenHub } from '../subscriptions/listen-hub.js';
import type { ServerMiddlewareChains } from './chains.js';
import type { Logger } from './context.js';
import type { ServerErrorHandler } from './error-report.js';

/** Everything the request pipeline reads from a server. */
export interface ServerRuntime {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  readonly supportedVersions: readonly string[];
  /** The capabilities advertised right now: what is declared plus what registrations imply. */
  capabilities(): ServerCapabilities;
  readonly tools: Registry<ToolEntry>;
  readonly prompts: Registry<PromptEntry>;
  readonly resources: ResourceCatalog;
  readonly cache: CachePolicy;
  readonly pageSize: number;
  readonly codec: RequestStateCodec;
  readonly listens: ListenHub;
  /** The server's extensions (`ServerOptions.extensions`, and those its options turn on). */
  readonly extensions: ExtensionSet;
  readonly middleware: ServerMiddlewareChains;
  /** The start of a result's JSON whose `_meta` is serverInfo alone; `undefined` when results carry none. */
  readonly serverInfoPrefix: string | undefined;
  /** Registrations waiting for the protocol's zod; requests wait for them. */
  readonly registrations: WaitingRegistrations;
  /** The logger of handlers while `logging` is not declared: it warns once that messages are dropped. */
  readonly undeclaredLogger: Logger;
  /** Reports the server's own failures and development warnings (`ServerOptions.onError`). */
  readonly onError: ServerErrorHandler;
}
