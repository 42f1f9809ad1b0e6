import { clipForMessage, McpError } from '@mcpkit/protocol/internal';
import { missingDeclared } from '../input/capabilities.js';
import type { InputScope } from '../input/scope.js';
import { failedResult, finishTool, isServerCopy, startTool, type ToolEntry } from '../registration/tools.js';
import { afterRound, openRound, outcome, withInput } from './input-round.js';
import type { AnswerSink, Route } from './route.js';
import type { ServerRuntime } from './runtime.js';

type Params = Record<string, unknown>;
type Result = Record<string, unknown>;

/** `tools/call`: the handler in its input round; without middleware it answers the exchange itself. */
export const toolsCall: Route<'tools/call', ToolEntry> = {
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
  answer(runtime, scope, params, entry, sink) {
    const input = scope as InputScope;
    let started: unknown;
    try {
      started = startTool(entry, params.arguments, input);
    } catch (error) {
      answerFailed(sink, runtime, input, params, entry, error);
      return;
    }
    if (!(started instanceof Promise)) {
      answerReturned(sink, runtime, input, params, entry, started);
      return;
    }
    started.then(
      (value) => answerReturned(sink, runtime, input, params, entry, value),
      (error: unknown) => answerFailed(sink, runtime, input, params, entry, error),
    );
  },
};

/** `toolReturned`, its result handed to `sink`; a result the checks made is the server's own copy. */
function answerReturned(
  sink: AnswerSink,
  runtime: ServerRuntime,
  input: InputScope,
  params: Params,
  entry: ToolEntry,
  value: unknown,
): void {
  let result: Result | Promise<Result>;
  try {
    result = toolReturned(runtime, input, params, entry, value, runtime.serverInfoPrefix !== undefined);
  } catch (error) {
    sink.fail(error);
    return;
  }
  answerWith(sink, result, isServerCopy(value));
}

/** `toolFailed`, its result (an `isError` one the server made) or error handed to `sink`. */
function answerFailed(
  sink: AnswerSink,
  runtime: ServerRuntime,
  input: InputScope,
  params: Params,
  entry: ToolEntry,
  error: unknown,
): void {
  let result: Result | Promise<Result>;
  try {
    result = toolFailed(runtime, input, params, entry, error);
  } catch (thrown) {
    sink.fail(thrown);
    return;
  }
  answerWith(sink, result, false);
}

function answerWith(sink: AnswerSink, result: Result | Promise<Result>, owned: boolean): void {
  if (result instanceof Promise) {
    result.then(
      (value) => sink.answer(value, owned),
      (error: unknown) => sink.fail(error),
    );
  } else {
    sink.answer(result, owned);
  }
}

/** The call's result once its handler returned `value`. */
function toolReturned(
  runtime: ServerRuntime,
  input: InputScope,
  params: Params,
  entry: ToolEntry,
  value: unknown,
  ownCopy = false,
): Result | Promise<Result> {
  if (input.asked)
    return withInput(
      runtime,
      input,
      params,
      outcome(() => finishTool(entry, value, ownCopy)),
    );
  const result = finishTool(entry, value, ownCopy);
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
