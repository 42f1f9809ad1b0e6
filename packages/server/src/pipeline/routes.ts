import type { CompleteRequestParams, Method } from '@mcpkit/protocol';
import { clipForMessage, McpError } from '@mcpkit/protocol/internal';
import type { InputScope } from '../input/scope.js';
import type { CacheableMethod } from '../registration/caching.js';
import { type Completer, completionResult, ownCompleter } from '../registration/completion.js';
import { paginate } from '../registration/pagination.js';
import { type PromptEntry, runPrompt } from '../registration/prompts.js';
import type { Registry } from '../registration/registry.js';
import { readResource } from '../registration/resources.js';
import { afterRound, openRound, withInput } from './input-round.js';
import { markReusable } from './reusable-results.js';
import type { Route, RouteTable } from './route.js';
import type { ServerRuntime } from './runtime.js';
import { toolsCall } from './tool-call-route.js';

type Params = Record<string, unknown>;
type Result = Record<string, unknown>;

/** A list method: `field` holds the `definition` of each registry entry on the page. */
function listRoute<M extends CacheableMethod & Method, E extends { readonly definition: unknown }>(
  method: M,
  kind: string,
  field: string,
  registry: (runtime: ServerRuntime) => Registry<E>,
): Route<M, Result> {
  const build = (runtime: ServerRuntime, cursor: string | undefined): Result => {
    const page = paginate(registry(runtime), kind, cursor, runtime.pageSize);
    const result: Result = { resultType: 'complete', [field]: page.items.map((entry) => entry.definition) };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return Object.assign(result, runtime.cache.hint(method));
  };
  return {
    // A page is the same for every request until the registry changes: built once, its JSON
    // written once. Middleware may change what it is handed, so it gets a page of its own.
    prepare(runtime, _scope, params) {
      const cursor = (params as { cursor?: string }).cursor;
      if (runtime.middleware.receive !== undefined) return build(runtime, cursor);
      const key = cursor === undefined ? 'first page' : `page after ${cursor}`;
      return registry(runtime).derived(key, () => markReusable(build(runtime, cursor)));
    },
    run: (_runtime, _scope, _params, result) => result,
  };
}

const promptsGet: Route<'prompts/get', { entry: PromptEntry; args: unknown }> = {
  prepare(runtime, scope, params) {
    const { name, arguments: given } = params;
    const entry = runtime.prompts.get(name);
    if (!entry) throw McpError.invalidParams(`Unknown prompt: ${clipForMessage(name)}`);
    const args = entry.parse(given);
    return afterRound(openRound(runtime, scope as InputScope, params), { entry, args });
  },
  run(runtime, scope, params, { entry, args }) {
    const input = scope as InputScope;
    return withInput(runtime, input, params, runPrompt(entry, args, input));
  },
};

const resourcesRead: Route<'resources/read', undefined> = {
  prepare: (runtime, scope, params) => afterRound(openRound(runtime, scope as InputScope, params), undefined),
  run(runtime, scope, params) {
    const input = scope as InputScope;
    return withInput(
      runtime,
      input,
      params,
      readResource(runtime.resources, params.uri, input, runtime.cache),
    );
  },
};

/** The completer a `completion/complete` reference names; `-32602` for an unknown prompt or template (S-45). */
function findCompleter(runtime: ServerRuntime, params: CompleteRequestParams): Completer | undefined {
  const { ref, argument } = params;
  if (ref.type === 'ref/prompt') {
    const prompt = runtime.prompts.get(ref.name);
    if (!prompt) throw McpError.invalidParams(`Unknown prompt: ${clipForMessage(ref.name)}`);
    return ownCompleter(prompt.complete, argument.name);
  }
  const template = runtime.resources.templates.get(ref.uri);
  if (!template) throw McpError.invalidParams(`Unknown resource template: ${clipForMessage(ref.uri)}`);
  return ownCompleter(template.complete, argument.name);
}

const completionComplete: Route<'completion/complete', Completer | undefined> = {
  prepare: (runtime, _scope, params) => findCompleter(runtime, params),
  async run(_runtime, scope, params, completer) {
    const { argument, context } = params;
    const offered = completer && (await completer(argument.value, context?.arguments ?? {}, scope));
    return completionResult(offered);
  },
};

const discover: Route<'server/discover', undefined> = {
  prepare: () => undefined,
  async run(runtime) {
    const result: Result = {
      resultType: 'complete',
      supportedVersions: [...runtime.supportedVersions],
      capabilities: runtime.capabilities(),
    };
    if (runtime.instructions !== undefined) result.instructions = runtime.instructions;
    return Object.assign(result, runtime.cache.hint('server/discover'));
  },
};

/** `subscriptions/listen`; its filter may hold fields the extensions define, which they check at step 6. */
const listen: Route<'subscriptions/listen', Params | undefined> = {
  prepare: (runtime, scope, params) => runtime.extensions.listenFilter(params.notifications as Params, scope),
  run(runtime, scope, params, extended) {
    return runtime.listens.listen(
      scope.requestId,
      params.notifications,
      runtime.capabilities(),
      scope.stream,
      scope.signal,
      extended,
      scope.auth?.principal,
    );
  },
};

/** The route of every 2026-07-28 method. */
export const routes: RouteTable = {
  'server/discover': discover,
  'tools/list': listRoute('tools/list', 'tools', 'tools', (r) => r.tools),
  'tools/call': toolsCall,
  'prompts/list': listRoute('prompts/list', 'prompts', 'prompts', (r) => r.prompts),
  'prompts/get': promptsGet,
  'resources/list': listRoute('resources/list', 'resources', 'resources', (r) => r.resources.resources),
  'resources/templates/list': listRoute(
    'resources/templates/list',
    'templates',
    'resourceTemplates',
    (r) => r.resources.templates,
  ),
  'resources/read': resourcesRead,
  'completion/complete': completionComplete,
  'subscriptions/listen': listen,
};
