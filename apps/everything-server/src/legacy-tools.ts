import type { McpServer } from '@mcpkit/server';
import * as z from 'zod';
import { logThreeMessages, pause, textResult } from './content.js';

const USER_FORM = {
  type: 'object',
  properties: {
    username: { type: 'string', description: "User's response" },
    email: { type: 'string', description: "User's email address" },
  },
  required: ['username', 'email'],
} as const;

/** Every primitive type with a default (SEP-1034). */
const DEFAULTS_FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
} as const;

/** The five enum shapes of SEP-1330. */
const ENUMS_FORM = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
    titledMulti: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
} as const;

/**
 * The tools the 2025-11-25 scenarios call by name. They are ordinary handlers: a 2025 client gets
 * their questions as real `elicitation/create` and `sampling/createMessage` requests, a 2026
 * client as `input_required` rounds.
 */
export function registerLegacyTools(server: McpServer): void {
  server.tool(
    'test_tool_with_logging',
    { description: 'Logs three messages at info level, 50 ms apart' },
    logThreeMessages,
  );

  server.tool(
    'test_reconnection',
    {
      description:
        'Takes 1.5 s: over a 2025-era HTTP session the server ends the response after 1 s (SSE polling) and the client resumes it with Last-Event-ID',
    },
    async (_args, ctx) => {
      await pause(1500, ctx.signal);
      return textResult('Reconnection test completed');
    },
  );

  server.tool(
    'test_sampling',
    { description: "Asks the client's model a prompt", inputSchema: z.object({ prompt: z.string() }) },
    async ({ prompt }, ctx) => {
      const answer = await ctx.sample('prompt', {
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      const reply = answer.content;
      const text = !Array.isArray(reply) && reply.type === 'text' ? reply.text : JSON.stringify(reply);
      return textResult(`LLM response: ${text}`);
    },
  );

  server.tool(
    'test_elicitation',
    {
      description: 'Asks the user for a username and an email',
      inputSchema: z.object({ message: z.string() }),
    },
    async ({ message }, ctx) => {
      const answer = await ctx.elicit('user', { message, requestedSchema: USER_FORM });
      return textResult(`User response: ${JSON.stringify(answer)}`);
    },
  );

  server.tool(
    'test_elicitation_sep1034_defaults',
    { description: 'Asks for values of every primitive type, each with a default' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('defaults', {
        message: 'Confirm or change the defaults',
        requestedSchema: DEFAULTS_FORM,
      });
      const content = 'content' in answer ? JSON.stringify(answer.content) : '{}';
      return textResult(`Elicitation completed: action=${answer.action}, content=${content}`);
    },
  );

  server.tool(
    'test_elicitation_sep1330_enums',
    { description: 'Asks for a choice in each enum shape' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('enums', { message: 'Pick some options', requestedSchema: ENUMS_FORM });
      const content = 'content' in answer ? JSON.stringify(answer.content) : '{}';
      return textResult(`Elicitation completed: action=${answer.action}, content=${content}`);
    },
  );
}
