import type { McpServer } from '@mcpkit/server';
import * as z from 'zod';
import { pause, textResult } from './content.js';
import { RED_PIXEL_PNG, SILENCE_WAV } from './media.js';

/**
 * The tools that return each kind of content (tools-call-* scenarios), an error, progress, and a
 * typed tool with structured output. `test_simple_text` comes first: header checks call the first
 * listed tool with no arguments.
 */
export function registerContentTools(server: McpServer): void {
  server.tool('test_simple_text', { description: 'Returns a simple text response' }, () =>
    textResult('This is a simple text response for testing.'),
  );

  server.tool('test_image_content', { description: 'Returns a 1×1 red PNG image' }, () => ({
    content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }],
  }));

  server.tool('test_audio_content', { description: 'Returns a short WAV clip of silence' }, () => ({
    content: [{ type: 'audio', data: SILENCE_WAV, mimeType: 'audio/wav' }],
  }));

  server.tool('test_embedded_resource', { description: 'Returns an embedded text resource' }, () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  }));

  server.tool(
    'test_multiple_content_types',
    { description: 'Returns text, an image and an embedded resource together' },
    () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );

  server.tool('test_error_handling', { description: 'Always fails, as a tool execution error' }, () => {
    // A thrown error becomes a result with `isError: true` that the model can read (S-18).
    throw new Error('This tool intentionally returns an error for testing');
  });

  server.tool(
    'test_tool_with_progress',
    { description: 'Reports progress 0, 50 and 100 of 100 while it works (pass a progressToken)' },
    async (_args, ctx) => {
      ctx.progress(0, 100, 'Starting');
      await pause(50, ctx.signal);
      ctx.progress(50, 100, 'Halfway');
      await pause(50, ctx.signal);
      ctx.progress(100, 100, 'Done');
      return textResult('Progress test completed');
    },
  );

  server.tool(
    'add_numbers',
    {
      title: 'Add numbers',
      description: 'Adds two numbers; the sum comes back as structured content too',
      inputSchema: z.object({
        a: z.number().describe('First number'),
        b: z.number().describe('Second number'),
      }),
      outputSchema: z.object({ sum: z.number() }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    ({ a, b }) => ({
      content: [{ type: 'text', text: `${a} + ${b} = ${a + b}` }],
      structuredContent: { sum: a + b },
    }),
  );
}
