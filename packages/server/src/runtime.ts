import type { Implementation, ServerCapabilities } from '@mcpkit/protocol';
import type { CachePolicy } from './caching.js';
import type { ListenHub } from './listen.js';
import type { Middleware } from './middleware.js';
import type { PromptEntry } from './prompts.js';
import type { Registry } from './registry.js';
import type { RequestStateCodec } from './request-state.js';
import type { ResourceCatalog } from './resources.js';
import type { ToolEntry } from './tools.js';

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
  readonly middleware: readonly Middleware[];
  readonly includeServerInfo: boolean;
  /** Reports a failure the client only sees as `-32603` (a thrown non-`McpError`). */
  readonly onError: (error: unknown) => void;
}
