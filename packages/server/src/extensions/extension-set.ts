import type { AuthInfo, ClientCapabilities, ServerCapabilities } from '@mcpkit/protocol';
import { InputScope } from '../input/scope.js';
import type { McpRequestInfo } from '../pipeline/context.js';
import { checkToolResult, type ToolEntry } from '../registration/tools.js';
import type {
  AnyToolConfig,
  ExtensionHost,
  ExtensionMethod,
  ServerExtension,
  ToolCallSetup,
} from './extension.js';

const NO_SCOPES: readonly string[] = Object.freeze([]);
/**
 * The fields a tool context keeps on the instance, public or not: a getter of the same name on the
 * prototype would be hidden by one, or would break the context when the constructor assigns to it.
 */
const REQUEST_FIELDS: readonly string[] = [
  'requestId',
  'method',
  'protocolVersion',
  'clientCapabilities',
  'clientInfo',
  'auth',
  'transport',
  'meta',
  'stream',
  'unsent',
  'progressToken',
  'logLevel',
  'lastProgress',
  'logger',
  'current',
  'answers',
  'memo',
  'extensionStates',
];

/** A `tools/call` as `toolCall` hooks see it: one small object a call, its tool read from the entry. */
class ToolCall implements ToolCallSetup {
  constructor(
    private readonly entry: ToolEntry,
    readonly request: InputScope,
  ) {}

  get tool(): string {
    return this.entry.definition.name;
  }

  get config(): ToolCallSetup['config'] {
    return this.entry.config;
  }

  checkResult(value: unknown): Record<string, unknown> | Promise<Record<string, unknown>> {
    return checkToolResult(this.entry, value);
  }
}

/** A method an extension serves, with the extension. */
interface Served {
  readonly extension: ServerExtension;
  readonly method: ExtensionMethod<unknown>;
}

/**
 * The extensions of one server, as its pipeline uses them: built once, in the server's
 * constructor, so a request pays only for the hooks some extension has.
 */
export class ExtensionSet {
  /** The class of an input method's context: `InputScope`, with the extensions' `toolContext` members. */
  readonly InputScope: typeof InputScope;
  private readonly methods = new Map<string, Served>();
  private readonly toolCalls: [index: number, extension: ServerExtension][] = [];
  private readonly listeners: ServerExtension[];
  private readonly scopers: ServerExtension[];

  constructor(private readonly extensions: readonly ServerExtension[]) {
    const ids = new Set<string>();
    for (const [index, extension] of extensions.entries()) {
      if (ids.has(extension.id)) throw new TypeError(`extension ${extension.id} is given twice`);
      ids.add(extension.id);
      for (const [name, method] of Object.entries(extension.methods ?? {})) {
        const taken = this.methods.get(name);
        if (taken) {
          throw new TypeError(
            `extension ${extension.id}: method ${name} is already served by extension ${taken.extension.id}`,
          );
        }
        this.methods.set(name, { extension, method: method as ExtensionMethod<unknown> });
      }
      if (extension.toolCall) this.toolCalls.push([index, extension]);
    }
    this.listeners = extensions.filter((extension) => extension.listenFilter !== undefined);
    this.scopers = extensions.filter((extension) => extension.requestScopes !== undefined);
    this.InputScope = withMembers(extensions);
  }

  /** Calls every extension's `setup`, in order. */
  setup(host: ExtensionHost): void {
    for (const extension of this.extensions) extension.setup?.(host);
  }

  /** `capabilities` with every advertised extension added under `extensions` (a declared entry wins). */
  advertise(capabilities: ServerCapabilities): ServerCapabilities {
    let added: Record<string, unknown> | undefined;
    for (const { id, settings } of this.extensions) {
      if (settings === false || capabilities.extensions?.[id] !== undefined) continue;
      added ??= { ...capabilities.extensions };
      added[id] = settings ?? {};
    }
    if (added !== undefined) capabilities.extensions = added as ServerCapabilities['extensions'];
    return capabilities;
  }

  /** The extension method named `name`, if an extension serves one. */
  method(name: string): ExtensionMethod<unknown> | undefined {
    return this.methods.get(name)?.method;
  }

  /** Whether an extension's `resultTypes` let a request of `method` get `resultType`; `undefined` when none knows it. */
  allowsResult(
    resultType: string,
    method: string,
    clientCapabilities: ClientCapabilities,
  ): boolean | undefined {
    let known: boolean | undefined;
    for (const { resultTypes } of this.extensions) {
      const allows = resultTypes?.[resultType];
      if (allows === undefined) continue;
      if (allows(method, clientCapabilities)) return true;
      known = false;
    }
    return known;
  }

  /** Every extension's `checkTool`. */
  checkTool(name: string, config: Readonly<Partial<AnyToolConfig>>): void {
    for (const extension of this.extensions) extension.checkTool?.(name, config);
  }

  /** Step 6 of a `tools/call`: every extension's `toolCall`; their states go on `scope`. */
  prepareToolCall(scope: InputScope, entry: ToolEntry): void {
    if (this.toolCalls.length === 0) return;
    const setup = new ToolCall(entry, scope);
    for (const [index, extension] of this.toolCalls) {
      const state = extension.toolCall!(setup);
      if (state === undefined) continue;
      scope.extensionStates ??= [];
      scope.extensionStates[index] = state;
    }
  }

  /** Step 6 of `subscriptions/listen`: the filter fields the extensions honour, if any. */
  listenFilter(
    requested: Readonly<Record<string, unknown>>,
    request: McpRequestInfo,
  ): Record<string, unknown> | Promise<Record<string, unknown>> | undefined {
    if (this.listeners.length === 0) return undefined;
    const fields: (Record<string, unknown> | Promise<Record<string, unknown>>)[] = [];
    for (const extension of this.listeners) {
      const honoured = extension.listenFilter!(requested, request);
      if (honoured !== undefined) fields.push(honoured);
    }
    if (fields.length <= 1) return fields[0];
    return Promise.all(fields).then((each) => Object.assign({}, ...each));
  }

  /** The scopes a request needs of its own, as the extensions say (`ServerExtension.requestScopes`), merged. */
  requestScopes(
    method: string,
    params: Readonly<Record<string, unknown>>,
    auth: AuthInfo | undefined,
  ): Promise<readonly string[]> {
    const asked = this.scopers.map((extension) => extension.requestScopes!(method, params, auth));
    if (asked.length === 0) return Promise.resolve(NO_SCOPES);
    if (asked.length === 1) return asked[0]!;
    return Promise.all(asked).then((each) => [...new Set(each.flat())]);
  }
}

/** `InputScope`, or a subclass of it with each extension's `toolContext` members as getters. */
function withMembers(extensions: readonly ServerExtension[]): typeof InputScope {
  if (!extensions.some((extension) => extension.toolContext !== undefined)) return InputScope;
  class ExtendedScope extends InputScope {}
  const taken = new Set(REQUEST_FIELDS);
  for (const [index, extension] of extensions.entries()) {
    for (const [name, member] of Object.entries(extension.toolContext ?? {})) {
      if (taken.has(name) || name in InputScope.prototype) {
        throw new TypeError(`extension ${extension.id}: the tool context already has a member ${name}`);
      }
      taken.add(name);
      Object.defineProperty(ExtendedScope.prototype, name, {
        get(this: InputScope) {
          return member(this as never, this.extensionStates?.[index]);
        },
      });
    }
  }
  return ExtendedScope;
}
