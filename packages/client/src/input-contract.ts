import type { InputRequests, InputResponses } from '@mcpkit/protocol';
import type { loadClientSchemas } from '@mcpkit/protocol/internal';
import type { InputRequiredError, RequestAbortedError } from './errors.js';
import type { InputHandlerContext, InputHandlers } from './handlers.js';
import type { JsonSchemaSupply } from './json-schema-supply.js';
import type { hookedInputRequest, WireHooks } from './wire-hooks.js';

// What `input-requests.ts` and the code that answers input (`input-answers.ts`, loaded with
// `import()`) hand each other.

/** What the fulfilment of one round knows. */
export type RoundContext = Omit<InputHandlerContext, 'key'>;

/** The client's receive hooks, which see each input request as a request the client serves. */
export interface InputReceiveHooks {
  readonly hooks: WireHooks;
  /** The protocol version of the call's requests. */
  readonly version: string | undefined;
}

/**
 * The values of the first chunk that answering input uses, handed in so that its own chunk
 * (`input-answers.ts`) imports nothing from it: a bundler would otherwise cut the modules they share
 * out of the first chunk into one more.
 */
export interface InputKit {
  InputRequiredError: typeof InputRequiredError;
  RequestAbortedError: typeof RequestAbortedError;
  loadClientSchemas: typeof loadClientSchemas;
  /** The client's compiler of `requestedSchema` (C-47); `undefined` leaves form content unchecked. */
  jsonSchemas: JsonSchemaSupply | undefined;
  hookedInputRequest: typeof hookedInputRequest;
}

/** `fulfilInputRequests` once its code has loaded. */
export type Fulfil = (
  inputRequests: InputRequests,
  handlers: InputHandlers,
  round: RoundContext,
  receive?: InputReceiveHooks,
) => Promise<InputResponses>;
