import type { CompleteRequestParams, Method, ParamsOf } from '@mcpkit/protocol';
import { clipForMessage, ErrorCode, McpError } from '@mcpkit/protocol/internal';
import { missingDeclared } from '../input/capabilities.js';
import type { RequestStateBinding } from '../input/request-state.js';
import { roundAnswers } from '../input/round.js';
import type { InputScope } from '../input/scope.js';
import { type QuestionSite, UnawaitedQuestionError } from '../input/unawaited.js';
import type { CacheableMethod } from '../registration/caching.js';
import { type Completer, completionResult, ownCompleter } from '../registration/completion.js';
import { paginate } from '../registration/pagination.js';
import { type PromptEntry, runPrompt } from '../registration/prompts.js';
import type { Registry } from '../registration/registry.js';
import { readResource } from '../registration/resources.js';
import { failedResult, finishTool, startTool, type ToolEntry, toolError } from '../registration/tools.js';
import type { RequestScope } from './context.js';
import { markReusable } from './reusable-results.js';
import type { ServerRuntime } from './runtime.js';

type Params = Record<string, unknown>;
type Result = Record<string, unknown>;

/** The params of `M` once step 6 has checked them: the method's own fields, on a JSON object. */
export type RouteParams<M extends Method> = ParamsOf<M> & Params;

/**
 * How method `M` is served. `prepare` finishes step 6 of the pipeline — what the params name
 * must exist, the client must have declared what it needs, a `requestState` must verify — so its
 * errors come before middleware. `run` is the handler (step 7). `P` is what `prepare` hands `run`.
 */
export interface Route<M extends Method, P = unknown> {
  prepare(runtime: ServerRuntime, scope: RequestScope, params: RouteParams<M>): P | Promise<P>;
  /** The result, or its promise; an error may be thrown (the pipeline sends it as a rejection's). */
  run(
    runtime: ServerRuntime,
    scope: RequestScope,
    params: RouteParams<M>,
    prepared: P,
  ): object | Promise<object>;
}

/** One route per method, each typed by its method's params. */
export type RouteTable = { readonly [M in Method]: Route<M> };

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

function binding(scope: RequestScope, params: Params): RequestStateBinding {
  return { method: scope.method, params, principal: scope.auth?.principal };
}

/**
 * Verifies the retry's `requestState` (S-57, S-58) and seeds the round; `-32602` if it fails.
 * Returns a promise only when there is a state to verify.
 */
function openRound(runtime: ServerRuntime, scope: InputScope, params: Params): Promise<void> | undefined {
  const { requestState, inputResponses } = params as { requestState?: string; inputResponses?: Params };
  // Without a state nothing was asked: every answer is for a question never asked, and is ignored
  // (docs/design/unasked-answers.md).
  if (requestState === undefined) return undefined;
  return runtime.codec.open(requestState, binding(scope, params)).then((opened) => {
    if (!opened.ok) throw McpError.invalidParams(`Invalid requestState: ${opened.reason}`);
    scope.seed(roundAnswers(opened.payload, inputResponses), new Map(opened.payload.memo));
  });
}

/** `prepared` once the round is open. */
function afterRound<P>(opening: Promise<void> | undefined, prepared: P): P | Promise<P> {
  return opening ? opening.then(() => prepared) : prepared;
}

/**
 * Runs an input method's handler; when it left questions unanswered, the result is
 * `input_required` with those questions and a signed state carrying the answers so far (S-55).
 * A handler that asked nothing passes straight through, without a suspended frame.
 */
function withInput(
  runtime: ServerRuntime,
  scope: InputScope,
  params: Params,
  work: Promise<Result>,
): Promise<Result> {
  return work.then(
    (result) => (scope.asked ? settleRound(runtime, scope, params, false, result) : result),
    (error) => {
      if (!scope.asked) throw error;
      return settleRound(runtime, scope, params, true, error);
    },
  );
}

/** What `produce` returns, or throws, as a promise. */
export function outcome<T>(produce: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(produce());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The outcome of a handler that asked questions: its result or error, or `input_required`. */
async function settleRound(
  runtime: ServerRuntime,
  scope: InputScope,
  params: Params,
  failed: boolean,
  outcome: unknown,
): Promise<Result> {
  const round = scope.round;
  await round.allAsked();
  // A protocol error a question met (a malformed answer, a missing capability) wins over
  // unanswered questions, even when the handler never saw it.
  if (scope.inputFailure !== undefined) throw scope.inputFailure;
  if (!scope.inputPending) {
    if (failed) throw outcome;
    return outcome as Result;
  }
  if (!failed) {
    // Returned while a question was unanswered. Awaited (its rejection caught): the round ends as
    // if it propagated. Never read: the handler forgot `await`.
    const forgotten = [...round.sites].find(([, site]) => site.questions?.every((q) => !q.read));
    if (forgotten) return unawaited(runtime, scope, params, ...forgotten);
  }
  await round.settled();
  const requestState = await runtime.codec.seal(round.payload(), binding(scope, params));
  return { resultType: 'input_required', inputRequests: Object.fromEntries(round.pending), requestState };
}

/**
 * The outcome of a handler that returned while a question it asked was unanswered (it did not
 * await it): the round cannot go back to the client, so a tool gets an `isError` result saying
 * so, a prompt or resource `-32603`; either way `onError` hears it, with where it asked.
 */
function unawaited(
  runtime: ServerRuntime,
  scope: InputScope,
  params: Params,
  key: string,
  site: QuestionSite,
): Result {
  if (scope.method === 'tools/call') {
    const tool = String(params.name);
    const error = new UnawaitedQuestionError(`Tool ${JSON.stringify(tool)}`, key, site);
    runtime.onError(error, { level: 'error', method: scope.method, requestId: scope.requestId, tool });
    return toolError(error.message);
  }
  const handler =
    scope.method === 'prompts/get'
      ? `Prompt ${JSON.stringify(params.name)}`
      : `Resource ${JSON.stringify(params.uri)}`;
  const error = new UnawaitedQuestionError(handler, key, site);
  throw new McpError(ErrorCode.InternalError, error.message, undefined, { cause: error });
}

const toolsCall: Route<'tools/call', ToolEntry> = {
  prepare(runtime, scope, params) {
    const { name } = params;
    const entry = runtime.tools.get(name);
    if (!entry) throw McpError.invalidParams(`Unknown tool: ${clipForMessage(name)}`);
    const required = entry.requiredClientCapabilities;
    const missing = required && missingDeclared(required, scope.clientCapabilities);
    if (missing) {
      throw McpError.missingRequiredClientCapability(
        missing,
        `Tool ${name} requires client capabilities this request did not declare`,
      );
    }
    runtime.extensions.prepareToolCall(scope as InputScope, entry);
    return afterRound(openRound(runtime, scope as InputScope, params), entry);
  },
  // `withInput` in the handler's own reaction: a handler that asked nothing costs no second one,
  // and one that returned synchronously none at all.
  run(runtime, scope, params, entry) {
    const input = scope as InputScope;
    let started: unknown;
    try {
      started = startTool(entry, params.arguments, input);
    } catch (error) {
      return toolFailed(runtime, input, params, entry, error);
    }
    if (!(started instanceof Promise)) return toolReturned(runtime, input, params, entry, started);
    return started.then(
      (value) => toolReturned(runtime, input, params, entry, value),
      (error: unknown) => toolFailed(runtime, input, params, entry, error),
    );
  },
};

/** The call's result once its handler returned `value`. */
function toolReturned(
  runtime: ServerRuntime,
  input: InputScope,
  params: Params,
  entry: ToolEntry,
  value: unknown,
): Result | Promise<Result> {
  if (input.asked)
    return withInput(
      runtime,
      input,
      params,
      outcome(() => finishTool(entry, value)),
    );
  const result = finishTool(entry, value);
  return result instanceof Promise ? withInput(runtime, input, params, result) : result;
}

/** The call's result, or the error to send, once its handler threw or rejected with `error`. */
function toolFailed(
  runtime: ServerRuntime,
  input: InputScope,
  params: Params,
  entry: ToolEntry,
  error: unknown,
): Result | Promise<Result> {
  const report = runtime.onError;
  if (!input.asked) return failedResult(entry, error, input, report);
  return withInput(
    runtime,
    input,
    params,
    outcome(() => failedResult(entry, error, input, report)),
  );
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
