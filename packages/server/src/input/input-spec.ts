import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  InputRequest,
  ListRootsResult,
} from '@mcpkit/protocol';
import type * as core from 'zod/v4/core';
import type { HandlerContext } from '../pipeline/context.js';
import type { StandardSchema } from '../registration/standard-schema.js';
import type { FormSchemaSource } from './form-from-schema.js';
import type { FormContent, FormSchema } from './form-types.js';

/**
 * A form-mode elicitation: `requestedSchema` types the answer's `content`. Write it as the
 * restricted JSON Schema of forms, or as a zod object (or a Standard Schema validator that gives
 * its JSON Schema), converted to it: a flat object of strings, numbers, integers, booleans and
 * enums. A field a form cannot hold (a nested object, an array of objects, a union) fails the
 * request with `-32603` naming the field. The answer is checked against the form's JSON Schema.
 */
export interface ElicitFormParams<S extends FormSchema | FormSchemaSource = FormSchema | FormSchemaSource> {
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
    ? { action: 'accept'; content: FormAnswer<S> } | ElicitDeclined
    : never;

/** The content of an accepted form: the zod or Standard Schema output, or typed from its JSON Schema. */
export type FormAnswer<S> = S extends core.$ZodType
  ? core.output<S>
  : S extends StandardSchema<unknown, infer Output>
    ? Output
    : FormContent<S>;

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
 * straight-line code. Keys name questions: use a new key for each distinct question. Asking a key
 * again after its answer was used asks anew, so a handler may loop until an answer suits it; on
 * the retry each ask gets, in order, the answer it got before.
 *
 * Asking for input the client did not declare on this request fails with `-32021` (S-56); check
 * `canAsk` first to fall back instead.
 *
 * Always `await` a question (or return it, or pass it to `Promise.all`): an unanswered question
 * ends the round by rejecting, and a handler that returns without awaiting it has dropped its
 * question. The call then gets an `isError` result saying which question was not awaited, and
 * `ServerOptions.onError` reports it with where it was asked. typescript-eslint's
 * `no-floating-promises` rule finds the missing `await` before it runs.
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
export interface AskContext extends HandlerContext {
  /** Asks the user (form or URL mode); the form schema types `content`. Always `await` it. */
  elicit<const P extends ElicitParams>(key: string, params: P): Promise<ElicitAnswer<P>>;
  /** Asks the client to sample its model. Always `await` it. */
  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult>;
  /** Asks for the client's roots. Always `await` it. */
  listRoots(key: string): Promise<ListRootsResult>;
  /** Asks several questions in one round; resolves when all are answered. Always `await` it. */
  ask<const T extends Record<string, InputSpec<unknown>>>(
    inputs: T,
  ): Promise<{ [K in keyof T]: AnswerOf<T[K]> }>;
  /** Whether this request's client capabilities allow asking `input`. */
  canAsk(input: InputSpec<unknown>): boolean;
  /**
   * Runs `compute` once per logical request and replays its (JSON) value on every retry, signed
   * in `requestState`: for ids, quotes or side effects that must not repeat across rounds. Calls
   * with the same key share one computation, and a round that ends while one is running waits for
   * it, so its value is carried; a computation that fails is not remembered. The value should be
   * JSON: every round, the first included, gets it as JSON gives it back (a `Date` as its string);
   * `undefined` stays `undefined`. The state is signed, not encrypted, so the client can read the
   * value: never return a secret from `compute`; keep it server-side and return an id.
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
