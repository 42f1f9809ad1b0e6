import type { ClientCapabilities, InputRequest } from '@mcpkit/protocol';
import { isRecord } from '@mcpkit/protocol/internal';

/**
 * The client capabilities an input request needs that `declared` lacks, or `undefined` when the
 * client can answer it (S-56, MRTR:246, ELIC:81, SAMP:52):
 *
 * | input request                                        | needs                                   |
 * | ---------------------------------------------------- | --------------------------------------- |
 * | `elicitation/create`, form mode (`mode` absent/form) | `elicitation` with `form`, or with no mode at all (`{}` means form, P-50) |
 * | `elicitation/create`, url mode                       | `elicitation.url`                       |
 * | `sampling/createMessage`                             | `sampling`                              |
 * | … with `tools` or `toolChoice`                       | `sampling.tools`                        |
 * | … with `includeContext` other than `"none"`          | `sampling.context`                      |
 * | `roots/list`                                         | `roots`                                 |
 */
export function missingCapabilities(
  request: InputRequest,
  declared: ClientCapabilities,
): ClientCapabilities | undefined {
  switch (request.method) {
    case 'elicitation/create': {
      const elicitation = declared.elicitation;
      if (request.params.mode === 'url') {
        return elicitation?.url === undefined ? { elicitation: { url: {} } } : undefined;
      }
      if (elicitation === undefined) return { elicitation: {} };
      const formOnly = elicitation.form === undefined && elicitation.url === undefined;
      return formOnly || elicitation.form !== undefined ? undefined : { elicitation: { form: {} } };
    }
    case 'sampling/createMessage': {
      const sampling = declared.sampling;
      const params = request.params;
      const needsTools = params.tools !== undefined || params.toolChoice !== undefined;
      const needsContext = params.includeContext !== undefined && params.includeContext !== 'none';
      if (sampling === undefined) {
        return {
          sampling: { ...(needsTools ? { tools: {} } : {}), ...(needsContext ? { context: {} } : {}) },
        };
      }
      const missing: NonNullable<ClientCapabilities['sampling']> = {};
      if (needsTools && sampling.tools === undefined) missing.tools = {};
      if (needsContext && sampling.context === undefined) missing.context = {};
      return Object.keys(missing).length === 0 ? undefined : { sampling: missing };
    }
    case 'roots/list':
      return declared.roots === undefined ? { roots: {} } : undefined;
  }
}

function missingPart(
  required: Record<string, unknown>,
  declared: unknown,
): Record<string, unknown> | undefined {
  const missing: Record<string, unknown> = {};
  for (const [key, need] of Object.entries(required)) {
    const have = isRecord(declared) ? declared[key] : undefined;
    if (have === undefined) {
      missing[key] = need;
    } else if (isRecord(need) && Object.keys(need).length > 0) {
      const below = missingPart(need, have);
      if (below) missing[key] = below;
    }
  }
  return Object.keys(missing).length === 0 ? undefined : missing;
}

/**
 * The part of `required` that `declared` lacks, or `undefined` when every capability (and every
 * nested setting key, such as `sampling.tools`) is declared (S-3).
 */
export function missingDeclared(
  required: ClientCapabilities,
  declared: ClientCapabilities,
): ClientCapabilities | undefined {
  return missingPart(required, declared) as ClientCapabilities | undefined;
}
