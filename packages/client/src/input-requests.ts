import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
} from '@mcpkit/protocol';
import {
  type Check,
  type ClientSchemaSet,
  loadClientSchemas,
  loadJsonSchemaCompiler,
} from '@mcpkit/protocol/internal';
import { InputRequiredError, RequestAbortedError } from './errors.js';
import type { InputHandlerContext, InputHandlers } from './handlers.js';
import { hookedInputRequest, type WireHooks } from './wire-hooks.js';

/** A check of a schema of the schema set, which loads on the first answer a handler gives. */
function answerCheck(pick: (schemas: ClientSchemaSet) => Check): () => Promise<Check> {
  let check: Promise<Check> | undefined;
  return () => {
    check ??= loadClientSchemas().then(pick);
    return check;
  };
}

const elicitResultCheck = answerCheck((schemas) => schemas.isElicitResult);
const createMessageResultCheck = answerCheck((schemas) => schemas.isCreateMessageResult);

/** What the fulfilment of one round knows. */
export type RoundContext = Omit<InputHandlerContext, 'key'>;

/** The client's receive hooks, which see each input request as a request the client serves. */
interface InputReceiveHooks {
  readonly hooks: WireHooks;
  /** The protocol version of the call's requests. */
  readonly version: string | undefined;
}

/**
 * Answers every input request of an `input_required` result with the registered handlers (C-24,
 * C-28), one at a time in the server's order, so a user sees one question after another. The
 * answers carry the server's keys. An input no handler can give (the server broke S-56) or an
 * answer that does not fit is an `InputRequiredError`; a handler's own error propagates. With
 * `receive`, each request passes the client's receive hooks around its handler.
 */
export async function fulfilInputRequests(
  inputRequests: InputRequests,
  handlers: InputHandlers,
  round: RoundContext,
  receive?: InputReceiveHooks,
): Promise<InputResponses> {
  const responses: InputResponses = {};
  for (const [key, request] of Object.entries(inputRequests)) {
    const context = { ...round, key };
    const answered =
      receive === undefined
        ? answer(request, handlers, context)
        : hookedInputRequest(receive.hooks, request, receive.version, (params) =>
            answer({ ...request, params } as InputRequest, handlers, context),
          );
    const response = await untilAborted(answered, round);
    // Defined, not assigned: a key such as "__proto__" must stay an own key sent to the server.
    Object.defineProperty(responses, key, {
      value: response,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return responses;
}

/** `work`, unless the call is aborted first: a handler that ignores its signal cannot hold the call. */
function untilAborted<T>(work: Promise<T>, round: RoundContext): Promise<T> {
  const { signal } = round;
  const method = round.method ?? 'a server request';
  if (signal.aborted) return Promise.reject(new RequestAbortedError(method, signal.reason));
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new RequestAbortedError(method, signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  work.catch(() => {});
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

function refuse(context: InputHandlerContext, detail: string): InputRequiredError {
  return new InputRequiredError(
    context.method ?? 'a server request',
    'unsupported-input',
    detail,
    context.key,
  );
}

function invalid(context: InputHandlerContext, detail: string): InputRequiredError {
  return new InputRequiredError(
    context.method ?? 'a server request',
    'invalid-input-response',
    detail,
    context.key,
  );
}

async function answer(
  request: InputRequest,
  handlers: InputHandlers,
  context: InputHandlerContext,
): Promise<InputResponse> {
  switch (request.method) {
    case 'elicitation/create':
      return elicit(request.params, handlers, context);
    case 'sampling/createMessage':
      return sample(request.params, handlers, context);
    case 'roots/list':
      return listRoots(handlers, context);
  }
}

async function elicit(
  params: ElicitRequestFormParams | ElicitRequestURLParams,
  handlers: InputHandlers,
  context: InputHandlerContext,
): Promise<InputResponse> {
  const mode = params.mode ?? 'form';
  if (mode === 'url') {
    const handler = handlers.elicitation?.url;
    if (!handler)
      throw refuse(context, `"${context.key}" is a URL elicitation and no URL handler is registered`);
    return checkElicitResult(await handler(params as ElicitRequestURLParams, context), undefined, context);
  }
  const handler = handlers.elicitation?.form;
  if (!handler)
    throw refuse(context, `"${context.key}" is a form elicitation and no form handler is registered`);
  const form = { ...(params as ElicitRequestFormParams), mode: 'form' as const };
  return checkElicitResult(await handler(form, context), form.requestedSchema, context);
}

/** The answer must be an `ElicitResult`; accepted form content must fit `requestedSchema` (C-47). */
async function checkElicitResult(
  result: unknown,
  requestedSchema: unknown,
  context: InputHandlerContext,
): Promise<InputResponse> {
  const isElicitResult = await elicitResultCheck();
  if (!isElicitResult(result))
    throw invalid(context, 'the elicitation handler did not return an ElicitResult');
  const { action, content } = result as { action: string; content?: unknown };
  if (requestedSchema !== undefined && action === 'accept') {
    const compiled = (await loadJsonSchemaCompiler()).compileJsonSchema(requestedSchema);
    if (!compiled.ok) throw invalid(context, `the requested schema is unusable: ${compiled.reason}`);
    const verdict = compiled.schema.validate(content ?? {});
    if (!verdict.valid)
      throw invalid(context, `the form content does not fit the requested schema: ${verdict.errors[0]}`);
  }
  return result as InputResponse;
}

async function sample(
  params: CreateMessageRequestParams,
  handlers: InputHandlers,
  context: InputHandlerContext,
): Promise<InputResponse> {
  const sampling = handlers.sampling;
  if (!sampling)
    throw refuse(context, `"${context.key}" asks for sampling and no sampling handler is registered`);
  if ((params.tools !== undefined || params.toolChoice !== undefined) && !sampling.tools) {
    throw refuse(
      context,
      `"${context.key}" asks for tool-enabled sampling, which this client does not declare`,
    );
  }
  const result = await sampling.createMessage(params, context);
  const isCreateMessageResult = await createMessageResultCheck();
  if (!isCreateMessageResult(result))
    throw invalid(context, 'the sampling handler did not return a CreateMessageResult');
  return result;
}

async function listRoots(handlers: InputHandlers, context: InputHandlerContext): Promise<InputResponse> {
  if (!handlers.roots)
    throw refuse(context, `"${context.key}" asks for roots and no roots handler is registered`);
  const roots = await handlers.roots(context);
  for (const root of roots) {
    // C-49
    if (typeof root?.uri !== 'string' || !root.uri.startsWith('file://')) {
      throw invalid(context, `roots must be file:// URIs, got ${JSON.stringify(root?.uri)}`);
    }
  }
  return { roots: [...roots] };
}
