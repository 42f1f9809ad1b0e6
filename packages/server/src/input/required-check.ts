import type { ClientCapabilities, InputRequest } from '@mcpkit/protocol';
import { type Check, clipForMessage, compileCheck, isRecord, McpError } from '@mcpkit/protocol/internal';
import { loadedSchemas } from '@mcpkit/protocol/schema-loader';
import { missingCapabilities } from './capabilities.js';
import { inputRequestProblem } from './safety.js';

let inputRequestCheck: Check | undefined;

/**
 * Whether a value is one of the three input requests (S-54). Asking and answering load the schemas
 * first (`InputRound`, the pipeline), so they are here by the time this runs.
 */
function isInputRequest(value: unknown): boolean {
  inputRequestCheck ??= compileCheck(loadedSchemas()!.InputRequestSchema);
  return inputRequestCheck(value);
}

/**
 * Checks one input request this server is about to send under `key`: one of the three methods
 * (S-54) and within the rules for what it may ask (S-73..S-75); `-32603` otherwise.
 */
export function checkInputRequest(key: string, request: unknown): asserts request is InputRequest {
  const where = `inputRequests[${JSON.stringify(clipForMessage(key))}]`;
  if (!isInputRequest(request)) {
    throw McpError.internalError(
      `${where} is not an elicitation/create, sampling/createMessage or roots/list request`, // S-54
    );
  }
  const problem = inputRequestProblem(request as InputRequest);
  if (problem) throw McpError.internalError(`${where}: ${problem}`);
}

/** `-32021` with the capabilities `request` needs that `capabilities` lacks (S-56), if any. */
export function requireCapabilities(request: InputRequest, capabilities: ClientCapabilities): void {
  const missing = missingCapabilities(request, capabilities);
  if (!missing) return;
  const names = Object.keys(missing).join(' and ');
  throw McpError.missingRequiredClientCapability(
    missing,
    `Server requires the ${names} capability for this request`,
  );
}

/**
 * Checks an `input_required` result whoever made it, a handler through `ctx` or middleware by
 * hand: it carries `inputRequests` or a `requestState` (P-73, S-55), a string state, and only
 * input requests the server may send (S-54, S-73..S-75), which is `-32603` otherwise, and that
 * this request's client capabilities allow (S-56), which is `-32021` otherwise.
 */
export function checkInputRequired(result: Record<string, unknown>, capabilities: ClientCapabilities): void {
  const { inputRequests, requestState } = result;
  if (inputRequests === undefined && requestState === undefined) {
    throw McpError.internalError('An input_required result needs inputRequests or requestState'); // P-73
  }
  if (requestState !== undefined && typeof requestState !== 'string') {
    throw McpError.internalError('The requestState of an input_required result must be a string');
  }
  if (inputRequests === undefined) return;
  if (!isRecord(inputRequests)) throw McpError.internalError('inputRequests must be an object'); // S-54
  for (const [key, request] of Object.entries(inputRequests)) {
    checkInputRequest(key, request);
    requireCapabilities(request, capabilities);
  }
}
