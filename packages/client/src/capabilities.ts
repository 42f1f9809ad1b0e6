import type { ClientCapabilities, ServerCapabilities } from '@mcpkit/protocol';
import { methodInfo } from '@mcpkit/protocol/internal';
import type { InputHandlers } from './handlers.js';

/**
 * The client capabilities that follow from the registered handlers (C-3, C-4): `elicitation`
 * with the modes that have a handler, `sampling` (+ `tools`, `context` when the handler says
 * so), `roots`. `extra` adds `experimental` and `extensions`. The object is frozen: the client
 * sends this same object on every request.
 *
 * @example
 * ```ts
 * declaredCapabilities({ elicitation: { form: ask }, roots: () => [] }); // { elicitation: { form: {} }, roots: {} }
 * ```
 */
export function declaredCapabilities(
  handlers: InputHandlers | undefined,
  extra: Pick<ClientCapabilities, 'experimental' | 'extensions'> = {},
): Readonly<ClientCapabilities> {
  const capabilities: ClientCapabilities = {};
  if (extra.experimental) capabilities.experimental = extra.experimental;
  if (extra.extensions) capabilities.extensions = extra.extensions;
  const elicitation = handlers?.elicitation;
  if (elicitation?.form || elicitation?.url) {
    capabilities.elicitation = {};
    if (elicitation.form) capabilities.elicitation.form = {};
    if (elicitation.url) capabilities.elicitation.url = {};
  }
  const sampling = handlers?.sampling;
  if (sampling) {
    capabilities.sampling = {};
    if (sampling.tools) capabilities.sampling.tools = {};
    if (sampling.context) capabilities.sampling.context = {};
  }
  if (handlers?.roots) capabilities.roots = {};
  return Object.freeze(capabilities);
}

/** The server capability `method` needs, when the server does not advertise it (C-12); else `undefined`. */
export function missingServerCapability(method: string, server: ServerCapabilities): string | undefined {
  const capability = methodInfo(method)?.capability;
  return capability === undefined || server[capability] !== undefined ? undefined : capability;
}
