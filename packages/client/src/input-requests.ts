import { loadClientSchemas, TransportError } from '@mcpkit/protocol/internal';
import { InputRequiredError, RequestAbortedError } from './errors.js';
import type { Fulfil, InputKit } from './input-contract.js';
import type { JsonSchemaSupply } from './json-schema-supply.js';
import { loadLazyCode } from './lazy-code-loader.js';
import { hookedInputRequest } from './wire-hooks.js';

/**
 * How a client answers input requests, checking form content with `jsonSchemas` (none: unchecked).
 * The returned function answers every input request of an `input_required` result with the
 * registered handlers (C-24, C-28), one at a time in the server's order, so a user sees one
 * question after another. The answers carry the server's keys. An input no handler can give (the
 * server broke S-56) or an answer that does not fit is an `InputRequiredError`; a handler's own
 * error propagates. With `receive`, each request passes the client's receive hooks around its
 * handler. The code loads on first use; code that cannot load is a retryable `TransportError`.
 */
export function inputFulfilment(jsonSchemas: JsonSchemaSupply | undefined): Fulfil {
  const kit: InputKit = {
    InputRequiredError,
    RequestAbortedError,
    loadClientSchemas,
    jsonSchemas,
    hookedInputRequest,
  };
  // Made once the code has loaded; `loadLazyCode` loads it once, and again after a failed load.
  let answers: Fulfil | undefined;
  return async (inputRequests, handlers, round, receive) => {
    try {
      answers ??= (await loadLazyCode()).inputAnswers(kit);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new TransportError(
        'connection-lost',
        `The client could not load its code to answer the server's input requests (${message}); try the call again`,
        { cause: error },
      );
    }
    return answers(inputRequests, handlers, round, receive);
  };
}
