import type { ElicitResult, InputHandlers, PrimitiveSchemaDefinition } from '@mcpkit/client';

type FieldValue = NonNullable<ElicitResult['content']>[string];

/** A value that fits one form field: its default, else its first option, else a plain placeholder. */
export function fieldValue(name: string, field: PrimitiveSchemaDefinition): FieldValue {
  if (field.default !== undefined) return field.default;
  switch (field.type) {
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return field.minimum ?? 1;
    case 'array': {
      const first = 'enum' in field.items ? field.items.enum[0] : field.items.anyOf[0]?.const;
      return first === undefined ? [] : [first];
    }
  }
  if ('enum' in field) return field.enum[0] ?? '';
  if ('oneOf' in field) return field.oneOf[0]?.const ?? '';
  if (field.format === 'email') return 'user@example.com';
  if (field.format === 'uri') return 'https://example.com';
  if (field.format === 'date') return '2026-07-28';
  if (field.format === 'date-time') return '2026-07-28T12:00:00Z';
  return `example ${name}`;
}

/**
 * Input handlers that answer every question without a person: forms are accepted with a value for
 * each field, sampling gets a canned reply, roots are one test directory. Registering them
 * declares the elicitation, sampling and roots capabilities. For conformance runs and demos only:
 * a real client shows these questions to its user.
 *
 * @example
 * ```ts
 * const client = new McpClient(transport, { handlers: autoAnswerHandlers() });
 * ```
 */
export function autoAnswerHandlers(): InputHandlers {
  return {
    elicitation: {
      form: (request) => {
        const content: Record<string, FieldValue> = {};
        for (const [name, field] of Object.entries(request.requestedSchema.properties)) {
          content[name] = fieldValue(name, field);
        }
        return { action: 'accept', content };
      },
      // Consent to a URL is the user's alone: an unattended client declines.
      url: () => ({ action: 'decline' }),
    },
    sampling: {
      createMessage: () => ({
        role: 'assistant',
        content: { type: 'text', text: 'A canned answer from the everything client.' },
        model: 'everything-client-canned',
        stopReason: 'endTurn',
      }),
    },
    roots: () => [{ uri: 'file:///tmp/everything-client', name: 'Scratch directory' }],
  };
}
