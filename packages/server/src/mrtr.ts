import {
  type ClientCapabilities,
  type CompiledJsonSchema,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  CreateMessageResultSchema,
  compileCheck,
  compileJsonSchema,
  describeFailure,
  ElicitResultSchema,
  type InputRequest,
  InputRequestSchema,
  type ListRootsResult,
  ListRootsResultSchema,
  McpError,
} from '@mcpkit/protocol';
import { canonicalJson } from './canonical-json.js';
import type { HandlerContext } from './context.js';
import type { FormContent, FormSchema } from './form-types.js';
import { missingCapabilities } from './input-capabilities.js';
import { inputRequestProblem } from './input-safety.js';
import type { RequestStatePayload } from './request-state.js';
import { describeSchemaErrors } from './schema-adapter.js';

/** A form-mode elicitation: `requestedSchema` types the answer's `content`. */
export interface ElicitFormParams<S extends FormSchema = FormSchema> {
  mode?: 'form';
  message: string;
  requestedSchema: S;
}

/** A URL-mode elicitation: the user acts out of band at `url` (S-75, S-76). */
export interface ElicitUrlParams {
  mode: 'url';
  message: string;
  url: string;
}

export type ElicitParams = ElicitFormParams | ElicitUrlParams;

/** The user declined or dismissed the request; handle it (S-78). */
export interface ElicitDeclined {
  action: 'decline' | 'cancel';
}

/** The answer to an elicitation, typed by its form schema. */
export type ElicitAnswer<P> = P extends { mode: 'url' }
  ? { action: 'accept' } | ElicitDeclined
  : P extends { requestedSchema: infer S }
    ? { action: 'accept'; content: FormContent<S> } | ElicitDeclined
    : never;

/** An input request together with the type of its answer; build one with `elicitation`, `sampling` or `roots`. */
export interface InputSpec<A> {
  readonly request: InputRequest;
  /** Type-only: the answer's type. */
  readonly answer?: A;
}

export type AnswerOf<S> = S extends InputSpec<infer A> ? A : never;

/** An elicitation to ask with `ctx.ask`. */
export function elicitation<const P extends ElicitParams>(params: P): InputSpec<ElicitAnswer<P>> {
  return { request: { method: 'elicitation/create', params: params as never } };
}

/** A sampling request to ask with `ctx.ask` (deprecated client feature). */
export function sampling(params: CreateMessageRequestParams): InputSpec<CreateMessageResult> {
  return { request: { method: 'sampling/createMessage', params } };
}

/** A request for the client's roots to ask with `ctx.ask` (deprecated client feature). */
export function roots(): InputSpec<ListRootsResult> {
  return { request: { method: 'roots/list', params: {} } };
}

/**
 * The context of `tools/call`, `prompts/get` and `resources/read` handlers: everything of
 * `HandlerContext`, plus asking the client for input (MRTR).
 *
 * A handler runs again from the start on every retry. Each `elicit`/`sample`/`listRoots`/`ask`
 * returns the answer when it is known (this retry's `inputResponses`, or an earlier round's answer
 * carried in the signed `requestState`); otherwise it ends the round, and the client receives
 * `input_required` with every question asked so far. So a multi-round handler reads as
 * straight-line code. Keys name questions: use a new key for each distinct question.
 *
 * Asking for input the client did not declare on this request fails with `-32021` (S-56); check
 * `canAsk` first to fall back instead.
 *
 * @example
 * ```ts
 * server.tool('rename', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
 *   const answer = await ctx.elicit('new_name', {
 *     message: 'New name?',
 *     requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
 *   });
 *   if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept the old name' }] };
 *   return { content: [{ type: 'text', text: `Renamed ${id} to ${answer.content.name}` }] };
 * });
 * ```
 */
export interface InputContext extends HandlerContext {
  /** Asks the user (form or URL mode); the form schema types `content`. */
  elicit<const P extends ElicitParams>(key: string, params: P): Promise<ElicitAnswer<P>>;
  /** Asks the client to sample its model. */
  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult>;
  /** Asks for the client's roots. */
  listRoots(key: string): Promise<ListRootsResult>;
  /** Asks several questions in one round; resolves when all are answered. */
  ask<const T extends Record<string, InputSpec<unknown>>>(
    inputs: T,
  ): Promise<{ [K in keyof T]: AnswerOf<T[K]> }>;
  /** Whether this request's client capabilities allow asking `input`. */
  canAsk(input: InputSpec<unknown>): boolean;
  /**
   * Runs `compute` once per logical request and replays its (JSON) value on every retry, signed
   * in `requestState`: for ids, quotes or side effects that must not repeat across rounds.
   */
  once<T>(key: string, compute: () => T | Promise<T>): Promise<T>;
}

/** Thrown by an unanswered question to end the round; never escapes the server. */
export class InputRequiredSignal extends Error {
  constructor() {
    super('input required');
    this.name = 'InputRequiredSignal';
  }
}

const isInputRequest = compileCheck(InputRequestSchema);
const answerChecks = {
  'elicitation/create': { check: compileCheck(ElicitResultSchema), schema: ElicitResultSchema },
  'sampling/createMessage': {
    check: compileCheck(CreateMessageResultSchema),
    schema: CreateMessageResultSchema,
  },
  'roots/list': { check: compileCheck(ListRootsResultSchema), schema: ListRootsResultSchema },
} as const;

const formSchemas = new Map<string, CompiledJsonSchema>();
const MAX_CACHED_FORMS = 256;

function compiledForm(schema: unknown): CompiledJsonSchema {
  const key = canonicalJson(schema);
  let compiled = formSchemas.get(key);
  if (!compiled) {
    const result = compileJsonSchema(schema);
    if (!result.ok) throw McpError.internalError(`Invalid elicitation schema: ${result.reason}`);
    compiled = result.schema;
    if (formSchemas.size >= MAX_CACHED_FORMS) formSchemas.delete(formSchemas.keys().next().value!);
    formSchemas.set(key, compiled);
  }
  return compiled;
}

/** Checks an answer against the question it answers (S-60); `-32602` when it does not fit. */
function checkAnswer(key: string, request: InputRequest, answer: unknown): unknown {
  const { check, schema } = answerChecks[request.method];
  if (!check(answer)) {
    throw McpError.invalidParams(describeFailure(schema, answer, `inputResponses["${key}"]`));
  }
  if (request.method !== 'elicitation/create' || request.params.mode === 'url') return answer;
  const result = answer as { action: string; content?: Record<string, unknown> };
  if (result.action !== 'accept') return answer;
  const content = result.content ?? {};
  const verdict = compiledForm(request.params.requestedSchema).validate(content);
  if (!verdict.valid) {
    throw McpError.invalidParams(
      `Invalid inputResponses["${key}"].content: ${describeSchemaErrors(verdict.errors)}`,
    );
  }
  if (result.content !== undefined) return answer;
  const filled = { content, ...result };
  filled.content = content;
  return filled;
}

function rejectedSignal(): Promise<never> {
  const rejected = Promise.reject(new InputRequiredSignal());
  // Marked handled: a handler that never awaits its question must not crash the process.
  rejected.catch(() => {});
  return rejected;
}

/**
 * One round of a request that may ask for input: the answers known so far, the questions asked
 * and not yet answered, and the `once` values.
 */
export class InputRound {
  /** Questions asked this round without an answer, in the order asked. */
  readonly pending = new Map<string, InputRequest>();
  /**
   * The first protocol error a question met (a malformed answer, a missing capability). It wins
   * over unanswered questions even when the handler never saw it (e.g. inside `Promise.all`).
   */
  failure: unknown;
  private readonly consumed: Record<string, unknown> = {};

  constructor(
    private readonly capabilities: ClientCapabilities,
    private readonly answers: Record<string, unknown>,
    private readonly memo: Record<string, unknown>,
  ) {}

  /** The answer to `key` if known and valid; otherwise records the question (or `-32021`). */
  resolve(key: string, request: InputRequest): { answered: true; value: unknown } | { answered: false } {
    if (Object.hasOwn(this.consumed, key)) return { answered: true, value: this.consumed[key] };
    if (!isInputRequest(request)) {
      throw McpError.internalError(`Invalid input request ${JSON.stringify(key)}`);
    }
    const problem = inputRequestProblem(request);
    if (problem) throw McpError.internalError(problem);
    if (Object.hasOwn(this.answers, key)) {
      const value = checkAnswer(key, request, this.answers[key]);
      this.consumed[key] = value;
      return { answered: true, value };
    }
    const missing = missingCapabilities(request, this.capabilities);
    if (missing) {
      const names = Object.keys(missing).join(' and ');
      throw McpError.missingRequiredClientCapability(
        missing,
        `Server requires the ${names} capability for this request`,
      );
    }
    if (!this.pending.has(key)) this.pending.set(key, request);
    return { answered: false };
  }

  /** Never throws: every outcome is a promise, so questions asked side by side are all recorded. */
  ask(key: string, request: InputRequest): Promise<unknown> {
    try {
      const found = this.resolve(key, request);
      return found.answered ? Promise.resolve(found.value) : rejectedSignal();
    } catch (error) {
      return this.fail(error);
    }
  }

  askAll(inputs: Record<string, InputSpec<unknown>>): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    let complete = true;
    try {
      for (const [key, spec] of Object.entries(inputs)) {
        const found = this.resolve(key, spec.request);
        if (found.answered) out[key] = found.value;
        else complete = false;
      }
    } catch (error) {
      return this.fail(error);
    }
    return complete ? Promise.resolve(out) : rejectedSignal();
  }

  private fail(error: unknown): Promise<never> {
    this.failure ??= error;
    const rejected = Promise.reject(error);
    rejected.catch(() => {});
    return rejected;
  }

  canAsk(input: InputSpec<unknown>): boolean {
    return missingCapabilities(input.request, this.capabilities) === undefined;
  }

  async once<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    if (Object.hasOwn(this.memo, key)) return this.memo[key] as T;
    const value = await compute();
    const json = value === undefined ? null : JSON.parse(JSON.stringify(value));
    this.memo[key] = json;
    return json as T;
  }

  /** What the next round needs, to be sealed into `requestState`. */
  payload(): RequestStatePayload {
    const pending: Record<string, string> = {};
    for (const [key, request] of this.pending) pending[key] = request.method;
    return { answers: this.consumed, pending, memo: this.memo };
  }
}

/** The answers a round starts from: earlier rounds' (signed), plus this retry's for the questions last asked. */
export function roundAnswers(
  state: RequestStatePayload | undefined,
  inputResponses: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!state) return { ...inputResponses };
  const answers: Record<string, unknown> = { ...state.answers };
  for (const key of Object.keys(state.pending)) {
    if (inputResponses && Object.hasOwn(inputResponses, key)) answers[key] = inputResponses[key];
  }
  return answers;
}
