import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  Root,
} from '@mcpkit/protocol';

/** The methods whose requests may come back `input_required` (S-53). */
export type InputRequiredMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** What an input handler knows about the request it answers for. */
export interface InputHandlerContext {
  /** Aborts when the call is aborted or closed; stop asking the user then. */
  signal: AbortSignal;
  /**
   * The request that needs the input. `undefined` for a request a 2025-era server sent on its
   * own while the transport cannot tell which call it belongs to (stdio).
   */
  method: InputRequiredMethod | undefined;
  /** That request's params as the application passed them (no `_meta`, answers or state); `{}` without `method`. */
  params: Readonly<Record<string, unknown>>;
  /** The server's key for this input request. */
  key: string;
  /** 1 for the first `input_required` answer, 2 for the next, … */
  round: number;
}

/** A form-mode elicitation, `mode` filled in when the server left it out (C-45). */
export type FormElicitation = ElicitRequestFormParams & { mode: 'form' };

/**
 * Handlers the application registers to answer a server's input requests (`input_required`,
 * the multi round-trip feature). Registering a handler declares the matching capability on
 * every request (C-3, C-4); the server never asks for anything else.
 *
 * @example
 * ```ts
 * const handlers: InputHandlers = {
 *   elicitation: { form: async (request) => ({ action: 'accept', content: await ask(request) }) },
 *   roots: () => [{ uri: 'file:///home/me/project', name: 'project' }],
 * };
 * ```
 */
export interface InputHandlers {
  elicitation?: {
    /** Form mode: show `message` and a form for `requestedSchema`; offer decline and cancel (C-44). */
    form?: (request: FormElicitation, context: InputHandlerContext) => ElicitResult | Promise<ElicitResult>;
    /**
     * URL mode: show the full URL and its host, and open it only with the user's consent (C-46).
     * `accept` means the user agreed to go there, not that the flow is complete.
     */
    url?: (
      request: ElicitRequestURLParams,
      context: InputHandlerContext,
    ) => ElicitResult | Promise<ElicitResult>;
  };
  /** Sampling (deprecated in 2026-07-28, still supported). */
  sampling?: {
    createMessage: (
      request: CreateMessageRequestParams,
      context: InputHandlerContext,
    ) => CreateMessageResult | Promise<CreateMessageResult>;
    /** Declare `sampling.tools`: the handler runs tool-enabled sampling (C-4). */
    tools?: boolean;
    /** Declare `sampling.context`: the handler honours `includeContext` other than `"none"`. */
    context?: boolean;
  };
  /** Roots (deprecated in 2026-07-28, still supported): only `file://` URIs, only permitted ones (C-49). */
  roots?: (context: InputHandlerContext) => readonly Root[] | Promise<readonly Root[]>;
}
