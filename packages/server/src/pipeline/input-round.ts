import { ErrorCode, McpError } from '@mcpkit/protocol/internal';
import type { RequestStateBinding } from '../input/request-state.js';
import { roundAnswers } from '../input/round.js';
import type { InputScope } from '../input/scope.js';
import { type QuestionSite, UnawaitedQuestionError } from '../input/unawaited.js';
import { toolError } from '../registration/tools.js';
import type { RequestScope } from './context.js';
import type { ServerRuntime } from './runtime.js';

type Params = Record<string, unknown>;
type Result = Record<string, unknown>;

function binding(scope: RequestScope, params: Params): RequestStateBinding {
  return { method: scope.method, params, principal: scope.auth?.principal };
}

/**
 * Verifies the retry's `requestState` (S-57, S-58) and seeds the round; `-32602` if it fails.
 * Returns a promise only when there is a state to verify.
 */
export function openRound(
  runtime: ServerRuntime,
  scope: InputScope,
  params: Params,
): Promise<void> | undefined {
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
export function afterRound<P>(opening: Promise<void> | undefined, prepared: P): P | Promise<P> {
  return opening ? opening.then(() => prepared) : prepared;
}

/**
 * Runs an input method's handler; when it left questions unanswered, the result is
 * `input_required` with those questions and a signed state carrying the answers so far (S-55).
 * A handler that asked nothing passes straight through, without a suspended frame.
 */
export function withInput(
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
