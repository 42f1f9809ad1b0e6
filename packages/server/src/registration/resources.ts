import type {
  Annotations,
  BlobResourceContents,
  Icon,
  Resource,
  ResourceTemplate,
  TextResourceContents,
} from '@mcpkit/protocol';
import {
  type Check,
  clipForMessage,
  compileCheck,
  describeFailure,
  McpError,
} from '@mcpkit/protocol/internal';
import { loadSchemas } from '@mcpkit/protocol/schema-loader';
import type { AskContext } from '../input/input-spec.js';
import { coversUri } from '../subscriptions/listen-filter.js';
import { firstProblem, resourceContentsProblem } from './binary-content.js';
import { type CacheHint, type CachePolicy, checkCacheHint } from './caching.js';
import type { Completer } from './completion.js';
import { Registry } from './registry.js';
import { compileScopes } from './scopes.js';
import type { TemplateVariableName, TemplateVariables } from './template-types.js';
import { UriTemplate, type UriTemplateMatch } from './uri-template.js';

/** How a resource is listed. */
export interface ResourceConfig {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  /** Size in bytes, when known. */
  size?: number;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** Caching hints of its `resources/read` results, over the server's and the method's. */
  cache?: Partial<CacheHint>;
  /** OAuth scopes a `resources/read` needs, for an authorization layer to enforce (see `ToolConfig.scopes`). */
  scopes?: readonly string[];
}

/** How a resource template is listed, and how its variables complete. */
export interface ResourceTemplateConfig<T extends string> extends Omit<ResourceConfig, 'size'> {
  /** Completers for the template's variables (`completion/complete` with `ref/resource`). */
  complete?: { [K in TemplateVariableName<T>]?: Completer };
}

/** The contents of a read, plus optional per-result caching hints. */
export interface ReadResult {
  contents: Array<TextResourceContents | BlobResourceContents>;
  ttlMs?: number;
  cacheScope?: CacheHint['cacheScope'];
  _meta?: Record<string, unknown>;
}

export type ResourceReader = (uri: string, ctx: AskContext) => ReadResult | Promise<ReadResult>;

export type TemplateReader<T extends string> = (
  uri: string,
  variables: TemplateVariables<T>,
  ctx: AskContext,
) => ReadResult | Promise<ReadResult>;

/** What reading a URI needs: the reader and its own caching hints. */
interface ReadableEntry {
  readonly cache: Partial<CacheHint> | undefined;
  readonly scopes: readonly string[];
  readonly read: (
    uri: string,
    variables: UriTemplateMatch,
    ctx: AskContext,
  ) => ReadResult | Promise<ReadResult>;
}

export interface ResourceEntry extends ReadableEntry {
  readonly definition: Resource;
}

export interface TemplateEntry extends ReadableEntry {
  readonly definition: ResourceTemplate;
  readonly template: UriTemplate;
  readonly complete: Readonly<Record<string, Completer | undefined>>;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
let isReadResult: Check | undefined;

function listed<T>(base: Record<string, unknown>, config: ResourceConfig): T {
  const out: Record<string, unknown> = { ...base, name: config.name };
  for (const key of ['title', 'description', 'mimeType', 'annotations', 'size', 'icons', '_meta'] as const) {
    if (config[key] !== undefined) out[key] = config[key];
  }
  return out as T;
}

/** Compiles a static resource; throws a `TypeError` for a URI without a scheme (S-32, S-33). */
export function compileResource(uri: string, config: ResourceConfig, read: ResourceReader): ResourceEntry {
  if (!SCHEME.test(uri)) throw new TypeError(`Resource URI ${JSON.stringify(uri)} needs a scheme (RFC 3986)`);
  checkCacheHint(config.cache, `resource ${uri}`);
  return {
    definition: listed<Resource>({ uri }, config),
    cache: config.cache,
    scopes: compileScopes(config.scopes, `resource ${uri}`),
    read: (u, _, ctx) => read(u, ctx),
  };
}

/** Compiles a resource template; throws a `TypeError` for a malformed template. */
export function compileTemplate<T extends string>(
  uriTemplate: T,
  config: ResourceTemplateConfig<T>,
  read: TemplateReader<T>,
): TemplateEntry {
  const template = new UriTemplate(uriTemplate);
  if (!SCHEME.test(uriTemplate))
    throw new TypeError(`Resource template ${JSON.stringify(uriTemplate)} needs a scheme`);
  checkCacheHint(config.cache, `resource template ${uriTemplate}`);
  const complete = (config.complete ?? {}) as Record<string, Completer | undefined>;
  for (const name of Object.keys(complete)) {
    if (!template.variableNames.includes(name)) {
      throw new TypeError(
        `Resource template ${uriTemplate} has no variable ${JSON.stringify(name)} to complete`,
      );
    }
  }
  const { size: _size, ...templateConfig } = config as ResourceConfig;
  return {
    definition: listed<ResourceTemplate>({ uriTemplate }, templateConfig),
    template,
    cache: config.cache,
    scopes: compileScopes(config.scopes, `resource template ${uriTemplate}`),
    complete,
    read: (uri, variables, ctx) => read(uri, variables as TemplateVariables<T>, ctx),
  };
}

/** Whether a matched variable climbs out of its place: a `..` path segment (S-33). */
function escapes(variables: UriTemplateMatch): boolean {
  for (const value of Object.values(variables)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item.split(/[/\\]/).includes('..')) return true;
    }
  }
  return false;
}

/** Static resources and templates, and how a URI finds its reader. */
export class ResourceCatalog {
  readonly resources: Registry<ResourceEntry>;
  readonly templates: Registry<TemplateEntry>;

  /** The static resources in code-unit order of their URIs, so those below a URI are a run of them. */
  private byUri: ResourceEntry[] | undefined;

  constructor(onResourcesChange: () => void) {
    this.resources = new Registry(() => {
      this.byUri = undefined;
      onResourcesChange();
    });
    this.templates = new Registry(onResourcesChange);
  }

  /**
   * The reader of `uri`: a static resource with exactly that URI, else the first template (in
   * registration order) that matches it. A template match whose variables hold a `..` segment
   * is no match, so templates over paths cannot be walked out of.
   */
  find(uri: string): { entry: ReadableEntry; variables: UriTemplateMatch } | undefined {
    const resource = this.resources.get(uri);
    if (resource) return { entry: resource, variables: {} };
    for (const entry of this.templates.values()) {
      const variables = entry.template.match(uri);
      if (variables && !escapes(variables)) return { entry, variables };
    }
    return undefined;
  }

  /**
   * The scopes of every resource a subscription to `uri` hears of: updates of `uri` and of the
   * resources below it (`coversUri`). Those are the resource a read of `uri` finds, each static
   * resource below it, and each template whose URIs may fall below it, judged by the literal text
   * before its first expression: a template it cannot rule out counts, so this may name more
   * scopes than a subscription needs, never fewer.
   */
  scopesUnder(uri: string): readonly string[] {
    const scopes = new Set(this.find(uri)?.entry.scopes);
    // Below `uri` means after a `/` that follows it (`coversUri`): a run of the sorted URIs, so
    // the work is a binary search plus the resources found, not every resource for every URI.
    const below = uri.endsWith('/') ? uri : `${uri}/`;
    this.byUri ??= this.resources.values().sort((a, b) => compareUris(a.definition.uri, b.definition.uri));
    const sorted = this.byUri;
    for (let i = firstAtOrAfter(sorted, below); i < sorted.length; i++) {
      const entry = sorted[i]!;
      if (!entry.definition.uri.startsWith(below)) break;
      for (const scope of entry.scopes) scopes.add(scope);
    }
    for (const entry of this.templates.values()) {
      const source = entry.template.template;
      const brace = source.indexOf('{');
      const literal = brace < 0 ? source : source.slice(0, brace);
      if (uri.startsWith(literal) || coversUri(uri, literal)) {
        for (const scope of entry.scopes) scopes.add(scope);
      }
    }
    return [...scopes];
  }
}

/** Orders URIs by code units, the order in which every URI starting with a prefix is one run. */
function compareUris(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The index of the first resource whose URI is not before `uri` in `sorted`. */
function firstAtOrAfter(sorted: readonly ResourceEntry[], uri: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.definition.uri < uri) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Reads `uri` (S-28): an unknown URI, or a reader that finds nothing (empty `contents`), is
 * `-32602` with `data.uri`, never an empty result; the result carries caching hints (S-31).
 */
export async function readResource(
  catalog: ResourceCatalog,
  uri: string,
  ctx: AskContext,
  policy: CachePolicy,
): Promise<Record<string, unknown>> {
  const found = catalog.find(uri);
  if (!found) throw McpError.resourceNotFound(uri);
  const returned = await found.entry.read(uri, found.variables, ctx);
  if (typeof returned !== 'object' || returned === null || !Array.isArray(returned.contents)) {
    throw McpError.internalError(`The reader of ${clipForMessage(uri)} returned no contents`);
  }
  if (returned.contents.length === 0) throw McpError.resourceNotFound(uri);
  const own = { ttlMs: returned.ttlMs, cacheScope: returned.cacheScope };
  checkCacheHint(own, `result of ${uri}`);
  const hint = policy.hint('resources/read', { ...found.entry.cache, ...definedOnly(own) });
  // The literal's own fields first, then the spread, then stores (see `checkToolResult` in tools.ts).
  const result: Record<string, unknown> = {
    resultType: 'complete',
    ttlMs: 0,
    cacheScope: 'private',
    ...returned,
  };
  result.resultType = 'complete';
  result.ttlMs = hint.ttlMs;
  result.cacheScope = hint.cacheScope;
  const { ReadResourceResultSchema } = await loadSchemas();
  isReadResult ??= compileCheck(ReadResourceResultSchema);
  if (!isReadResult(result)) {
    throw McpError.internalError(
      describeFailure(ReadResourceResultSchema, result, `result of ${clipForMessage(uri)}`),
    );
  }
  const problem = firstProblem(returned.contents, resourceContentsProblem, 'contents');
  if (problem) throw McpError.internalError(`The reader of ${clipForMessage(uri)} returned ${problem}`);
  return result;
}

function definedOnly(hint: Partial<CacheHint>): Partial<CacheHint> {
  const out: Partial<CacheHint> = {};
  if (hint.ttlMs !== undefined) out.ttlMs = hint.ttlMs;
  if (hint.cacheScope !== undefined) out.cacheScope = hint.cacheScope;
  return out;
}
