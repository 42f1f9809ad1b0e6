import { type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { McpServer, type ServerErrorInfo } from '../src/index.js';
import { call, meta } from './helpers.js';

// A form written with zod (or a Standard Schema validator with a JSON Schema) is sent as the
// restricted form schema of elicitation: a flat object of primitive fields. A field a form cannot
// hold fails the request with -32603 naming the field.

const asks = meta({}, { elicitation: {} });

const Booking = z.object({
  name: z.string().min(1).describe('Your name'),
  seats: z.number().int().min(1).max(8),
  email: z.string().email().optional(),
  vegetarian: z.boolean().default(false),
  time: z.enum(['19:00', '21:00']),
  extras: z.array(z.enum(['wine', 'cake'])).optional(),
});

function reportingServer() {
  const reports: { error: unknown; info: ServerErrorInfo }[] = [];
  const server = new McpServer(
    { name: 'forms', version: '1.0.0' },
    { onError: (error, info) => reports.push({ error, info }) },
  );
  return { server, reports };
}

/** Calls `tool`, then answers its one question with `content` and calls again. */
async function answered(server: McpServer, tool: string, content: Record<string, unknown>) {
  const first = await call(server, 'tools/call', { name: tool, _meta: asks });
  const { inputRequests, requestState } = first.result as {
    inputRequests: Record<string, { params: { requestedSchema: unknown } }>;
    requestState: string;
  };
  const [key] = Object.keys(inputRequests);
  const second = await call(server, 'tools/call', {
    name: tool,
    _meta: asks,
    requestState,
    inputResponses: { [key!]: { action: 'accept', content } },
  });
  return { asked: inputRequests[key!]!.params.requestedSchema, result: second.result };
}

describe('ctx.elicit with a zod form', () => {
  it('sends the restricted form schema, and the handler gets the typed answer', async () => {
    const { server } = reportingServer();
    server.tool('book', {}, async (_, ctx) => {
      const answer = await ctx.elicit('booking', { message: 'Book?', requestedSchema: Booking });
      if (answer.action !== 'accept') return { content: [] };
      expectTypeOf(answer.content.seats).toBeNumber();
      expectTypeOf(answer.content.time).toEqualTypeOf<'19:00' | '21:00'>();
      return {
        content: [
          { type: 'text', text: `${answer.content.name} x${answer.content.seats} at ${answer.content.time}` },
        ],
      };
    });
    const { asked, result } = await answered(server, 'book', { name: 'Ada', seats: 2, time: '19:00' });
    expect(asked).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Your name', minLength: 1 },
        seats: { type: 'integer', minimum: 1, maximum: 8 },
        email: { type: 'string', format: 'email' },
        vegetarian: { type: 'boolean', default: false },
        time: { type: 'string', enum: ['19:00', '21:00'] },
        extras: { type: 'array', items: { type: 'string', enum: ['wine', 'cake'] } },
      },
      required: ['name', 'seats', 'time'],
    });
    expect(result?.content).toEqual([{ type: 'text', text: 'Ada x2 at 19:00' }]);
  });

  it('an answer that breaks the form is refused as for a JSON Schema form', async () => {
    const { server } = reportingServer();
    server.tool('book', {}, async (_, ctx) => {
      await ctx.elicit('booking', { message: 'Book?', requestedSchema: Booking });
      return { content: [] };
    });
    const first = await call(server, 'tools/call', { name: 'book', _meta: asks });
    const { requestState } = first.result as { requestState: string };
    const { error } = await call(server, 'tools/call', {
      name: 'book',
      _meta: asks,
      requestState,
      inputResponses: { booking: { action: 'accept', content: { name: 'Ada', seats: 20, time: '19:00' } } },
    });
    expect(error?.code).toBe(-32602);
  });

  it('a Standard Schema form with a JSON Schema works too', async () => {
    const { server } = reportingServer();
    server.tool('ark', {}, async (_, ctx) => {
      const answer = await ctx.elicit('who', { message: 'Who?', requestedSchema: type({ name: 'string' }) });
      return { content: [{ type: 'text', text: answer.action === 'accept' ? answer.content.name : '' }] };
    });
    const { asked, result } = await answered(server, 'ark', { name: 'Ada' });
    expect(asked).toEqual({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
    expect(result?.content).toEqual([{ type: 'text', text: 'Ada' }]);
  });

  it.each([
    [
      'a nested object',
      z.object({ address: z.object({ city: z.string() }) }),
      'field "address" is an object',
    ],
    [
      'an array of objects',
      z.object({ guests: z.array(z.object({ name: z.string() })) }),
      'field "guests" is an array of something other than enum values',
    ],
    ['a union', z.object({ when: z.union([z.string(), z.number()]) }), 'field "when" is a union'],
  ])('%s is -32603 naming the field and what a form holds, reported to onError', async (_, form, problem) => {
    const { server, reports } = reportingServer();
    server.tool('t', {}, async (_args, ctx) => {
      await ctx.elicit('q', { message: 'Q?', requestedSchema: form as never });
      return { content: [] };
    });
    const { error } = await call(server, 'tools/call', { name: 't', _meta: asks });
    expect(error?.code).toBe(-32603);
    expect(error?.message).toBe(
      `The form of question "q": ${problem}; a form holds only strings, numbers, integers, booleans and enums of strings (one, or several as an array): ask for the rest with questions of its own`,
    );
    expect(reports).toHaveLength(1);
  });
});
