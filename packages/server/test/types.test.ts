import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import {
  type ElicitAnswer,
  elicitation,
  type FormContent,
  McpServer,
  type PromptArgs,
  roots,
  type TemplateVariables,
  type ToolArgs,
} from '../src/index.js';

// These checks run under `tsc` (the package typecheck); at run time they only assert that they compile.
describe('types', () => {
  it('tool arguments come from the zod schema; raw JSON Schema gives a record; none gives an empty object', () => {
    expectTypeOf<ToolArgs<z.ZodObject<{ a: z.ZodNumber; b: z.ZodDefault<z.ZodString> }>>>().toEqualTypeOf<{
      a: number;
      b: string;
    }>();
    expectTypeOf<ToolArgs<{ type: 'object' }>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<ToolArgs<undefined>>().toEqualTypeOf<Record<string, never>>();
    const server = new McpServer({ name: 't', version: '1' });
    server.tool(
      't',
      { inputSchema: z.object({ n: z.number() }), outputSchema: z.object({ ok: z.boolean() }) },
      (args) => {
        expectTypeOf(args.n).toBeNumber();
        return { structuredContent: { ok: true } };
      },
    );
  });

  it('template variables are typed from the template string', () => {
    expectTypeOf<TemplateVariables<'test://template/{id}/data'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<TemplateVariables<'file:///{+path}{?q,lang}'>>().toEqualTypeOf<{
      path: string;
      q: string | undefined;
      lang: string | undefined;
    }>();
    expectTypeOf<TemplateVariables<'x://{/segments*}'>>().toEqualTypeOf<{ segments: string[] | undefined }>();
  });

  it('prompt arguments are typed from declarations', () => {
    expectTypeOf<PromptArgs<{ code: { required: true }; language: { description: string } }>>().toEqualTypeOf<
      { code: string } & { language?: string }
    >();
  });

  it('an elicitation answer is typed by its form', () => {
    type Form = {
      type: 'object';
      properties: {
        name: { type: 'string' };
        age: { type: 'integer' };
        color: { type: 'string'; enum: readonly ['red', 'blue'] };
        tags: { type: 'array'; items: { type: 'string'; enum: readonly ['a', 'b'] } };
      };
      required: readonly ['name'];
    };
    expectTypeOf<FormContent<Form>>().toEqualTypeOf<{
      name: string;
      age?: number;
      color?: 'red' | 'blue';
      tags?: Array<'a' | 'b'>;
    }>();
    const spec = elicitation({ mode: 'url', message: 'm', url: 'https://x' });
    expectTypeOf(spec.answer).toEqualTypeOf<
      ElicitAnswer<{ mode: 'url'; message: 'm'; url: 'https://x' }> | undefined
    >();
    expectTypeOf(roots().answer).toEqualTypeOf<
      { roots: Array<{ uri: string; name?: string; _meta?: Record<string, unknown> }> } | undefined
    >();
  });
});
