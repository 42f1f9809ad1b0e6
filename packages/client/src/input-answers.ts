import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
} from '@mcpkit/protocol';
import type { Check, ClientSchemaSet } from '@mcpkit/protocol/internal';
import type { InputRequiredError } from './errors.js';
import type { InputHandlerContext, InputHandlers } from './handlers.js';
import type { Fulfil, InputKit, InputReceiveHooks, RoundContext } from './input-contract.js';

// How the client answers input requests with the application's handlers (C-24, C-28, C-47..C-49).
// Loaded with `import()` by `input-requests.ts` when a server first asks for input, in the chunk of
// `lazy-code.ts`; it imports nothing at run time (see `InputKit`).

/** A check of a schema of the schema set, which loads on the first answer a handler gives. */
function answerCheck(kit: InputKit, pick: (schemas: ClientSchemaSet) => Check): () => Promise<Check> {
  let check: Promise<Check> | undefined;
  return () => {
    check ??= kit.loadClientSchemas().then(pick);
    return check;
  };
}

/** `fulfilInputRequests` (see there) over `kit`. */
export function inputAnswers(kit: InputKit): Fulfil {
  const answers = new InputAnswers(kit);
  return (inputRequests, handlers, round, receive) => answers.fulfil(inputRequests, handlers, round, receive);
}

class InputAnswers {
  readonly #kit: InputKit;
  readonly #elicitResultCheck: () => Promise<Check>;
  readonly #createMessageResultCheck: () => Promise<Check>;

  constructor(kit: InputKit) {
    this.#kit = kit;
    this.#elicitResultCheck = answerCheck(kit, (schemas) => schemas.isElicitResult);
    this.#createMessageResultCheck = answerCheck(kit, (schemas) => schemas.isCreateMessageResult);
  }

  /** See `fulfilInputRequests`. */
  async fulfil(
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
          ? this.#answer(request, handlers, context)
          : this.#kit.hookedInputRequest(receive.hooks, request, receive.version, (params) =>
              this.#answer({ ...request, params } as InputRequest, handlers, context),
            );
      const response = await this.#untilAborted(answered, round);
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
  #untilAborted<T>(work: Promise<T>, round: RoundContext): Promise<T> {
    const { signal } = round;
    const method = round.method ?? 'a server request';
    if (signal.aborted) return Promise.reject(new this.#kit.RequestAbortedError(method, signal.reason));
    let onAbort!: () => void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new this.#kit.RequestAbortedError(method, signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    work.catch(() => {});
    return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
  }

  #refuse(context: InputHandlerContext, detail: string): InputRequiredError {
    return new this.#kit.InputRequiredError(
      context.method ?? 'a server request',
      'unsupported-input',
      detail,
      context.key,
    );
  }

  #invalid(context: InputHandlerContext, detail: string): InputRequiredError {
    return new this.#kit.InputRequiredError(
      context.method ?? 'a server request',
      'invalid-input-response',
      detail,
      context.key,
    );
  }

  async #answer(
    request: InputRequest,
    handlers: InputHandlers,
    context: InputHandlerContext,
  ): Promise<InputResponse> {
    switch (request.method) {
      case 'elicitation/create':
        return this.#elicit(request.params, handlers, context);
      case 'sampling/createMessage':
        return this.#sample(request.params, handlers, context);
      case 'roots/list':
        return this.#listRoots(handlers, context);
    }
  }

  async #elicit(
    params: ElicitRequestFormParams | ElicitRequestURLParams,
    handlers: InputHandlers,
    context: InputHandlerContext,
  ): Promise<InputResponse> {
    const mode = params.mode ?? 'form';
    if (mode === 'url') {
      const handler = handlers.elicitation?.url;
      if (!handler)
        throw this.#refuse(context, `"${context.key}" is a URL elicitation and no URL handler is registered`);
      return this.#checkElicitResult(
        await handler(params as ElicitRequestURLParams, context),
        undefined,
        context,
      );
    }
    const handler = handlers.elicitation?.form;
    if (!handler)
      throw this.#refuse(context, `"${context.key}" is a form elicitation and no form handler is registered`);
    const form = { ...(params as ElicitRequestFormParams), mode: 'form' as const };
    return this.#checkElicitResult(await handler(form, context), form.requestedSchema, context);
  }

  /**
   * The answer must be an `ElicitResult`; accepted form content must fit `requestedSchema` (C-47),
   * unless the client was made without a compiler (`validateWith: false`).
   */
  async #checkElicitResult(
    result: unknown,
    requestedSchema: unknown,
    context: InputHandlerContext,
  ): Promise<InputResponse> {
    const isElicitResult = await this.#elicitResultCheck();
    if (!isElicitResult(result))
      throw this.#invalid(context, 'the elicitation handler did not return an ElicitResult');
    const { action, content } = result as { action: string; content?: unknown };
    const schemas = this.#kit.jsonSchemas;
    if (requestedSchema !== undefined && action === 'accept' && schemas !== undefined) {
      const compiled = (await schemas()).compileJsonSchema(requestedSchema);
      if (!compiled.ok) throw this.#invalid(context, `the requested schema is unusable: ${compiled.reason}`);
      const verdict = compiled.schema.validate(content ?? {});
      if (!verdict.valid)
        throw this.#invalid(
          context,
          `the form content does not fit the requested schema: ${verdict.errors[0]}`,
        );
    }
    return result as InputResponse;
  }

  async #sample(
    params: CreateMessageRequestParams,
    handlers: InputHandlers,
    context: InputHandlerContext,
  ): Promise<InputResponse> {
    const sampling = handlers.sampling;
    if (!sampling)
      throw this.#refuse(context, `"${context.key}" asks for sampling and no sampling handler is registered`);
    if ((params.tools !== undefined || params.toolChoice !== undefined) && !sampling.tools) {
      throw this.#refuse(
        context,
        `"${context.key}" asks for tool-enabled sampling, which this client does not declare`,
      );
    }
    const result = await sampling.createMessage(params, context);
    const isCreateMessageResult = await this.#createMessageResultCheck();
    if (!isCreateMessageResult(result))
      throw this.#invalid(context, 'the sampling handler did not return a CreateMessageResult');
    return result;
  }

  async #listRoots(handlers: InputHandlers, context: InputHandlerContext): Promise<InputResponse> {
    if (!handlers.roots)
      throw this.#refuse(context, `"${context.key}" asks for roots and no roots handler is registered`);
    const roots = await handlers.roots(context);
    for (const root of roots) {
      // C-49
      if (typeof root?.uri !== 'string' || !root.uri.startsWith('file://')) {
        throw this.#invalid(context, `roots must be file:// URIs, got ${JSON.stringify(root?.uri)}`);
      }
    }
    return { roots: [...roots] };
  }
}
