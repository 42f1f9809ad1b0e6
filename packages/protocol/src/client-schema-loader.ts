import { McpError } from './errors.js';
import { methodInfo } from './method-info.js';
import { applyResultDefaults, decodeResultWithoutSchemas, rejectedResult } from './read-result.js';

/** The checks a client makes of rarer messages: `client-schema-set.ts`, loaded on first need. */
export type ClientSchemaSet = ReturnType<typeof import('./client-schema-set.js').clientSchemaSet>;

let clientLoading: Promise<ClientSchemaSet> | undefined;

/**
 * Loads the client's checks once: the shape table generated from the protocol's schemas and its
 * interpreter, without zod, so a client needs none installed. A client that meets only the
 * results the hand-written checks accept (`decodeResultWithoutSchemas`) never calls this.
 */
export function loadClientSchemas(): Promise<ClientSchemaSet> {
  clientLoading ??= import('./client-schema-set.js').then(({ clientSchemaSet }) =>
    clientSchemaSet({
      McpError,
      methodInfo,
      applyResultDefaults,
      decodeResultWithoutSchemas,
      rejectedResult,
    }),
  );
  return clientLoading;
}
