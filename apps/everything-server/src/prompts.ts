import type { McpServer, RegistrationHandle } from '@mcpkit/server';
import { RED_PIXEL_PNG } from './media.js';

const CITIES = ['paris', 'park', 'party', 'prague', 'porto', 'test', 'testing', 'tests'];

/** Completes a value from a fixed list, best (prefix) matches first. */
function suggest(value: string): string[] {
  const needle = value.toLowerCase();
  return CITIES.filter((city) => city.startsWith(needle));
}

/** The prompts of the prompts-* scenarios; returns the one `test_trigger_prompt_change` edits. */
export function registerPrompts(server: McpServer): RegistrationHandle<{ description?: string }> {
  const simple = server.prompt(
    'test_simple_prompt',
    { description: 'A simple prompt without arguments' },
    () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
    }),
  );

  server.prompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with two required arguments',
      arguments: {
        arg1: { description: 'First test argument', required: true },
        arg2: { description: 'Second test argument', required: true },
      },
      complete: { arg1: suggest, arg2: suggest },
    },
    ({ arg1, arg2 }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
        },
      ],
    }),
  );

  server.prompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt that embeds the resource it is given',
      arguments: { resourceUri: { description: 'URI of the resource to embed', required: true } },
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );

  server.prompt('test_prompt_with_image', { description: 'A prompt with an image' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));

  server.prompt(
    'test_input_required_result_prompt',
    { description: 'A prompt that first asks the user for context (multi round-trip)' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('user_context', {
        message: 'What context should the prompt use?',
        requestedSchema: {
          type: 'object',
          properties: { context: { type: 'string' } },
          required: ['context'],
        },
      });
      const context = answer.action === 'accept' ? answer.content.context : 'no context given';
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${context}` } }],
      };
    },
  );

  return simple;
}
