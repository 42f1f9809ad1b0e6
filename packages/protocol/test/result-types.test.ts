import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type CallToolResult,
  CallToolResultResponseSchema,
  CallToolResultSchema,
  type ContentBlock,
  type DiscoverResult,
  decodeAs,
  decodeResult,
  type ExtensionResult,
  type InputRequiredResult,
  InputRequiredResultSchema,
  type ListToolsResult,
  type ReadResourceResult,
} from '../src/index.js';

/**
 * Type-level tests: `pnpm typecheck` (tsc over test/) is what checks these; at run time they only
 * execute the narrowing code once. A regression makes the package's typecheck fail.
 */
describe('P-14/P-18: result types are discriminated by resultType', () => {
  it('the decodeResult example compiles: resultType === "complete" narrows to the method’s result', () => {
    const shown: ContentBlock[][] = [];
    const show = (content: ContentBlock[]) => shown.push(content);
    const response = { result: { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] } };

    const decoded = decodeResult('tools/call', response.result);
    if (decoded.ok && decoded.value.resultType === 'complete') show(decoded.value.content);

    expect(shown).toEqual([[{ type: 'text', text: 'hi' }]]);
  });

  it('each branch narrows to exactly its type', () => {
    const decoded = decodeResult('resources/read', { resultType: 'input_required', requestState: 's' });
    if (!decoded.ok) throw decoded.error;
    const value = decoded.value;
    expectTypeOf(value).toEqualTypeOf<ReadResourceResult | InputRequiredResult>();
    if (value.resultType === 'complete') expectTypeOf(value).toEqualTypeOf<ReadResourceResult>();
    else expectTypeOf(value).toEqualTypeOf<InputRequiredResult>();
    // @ts-expect-error: without narrowing, an input_required result may be in hand
    value.contents;
    expect(value.resultType).toBe('input_required');
  });

  it('complete results have resultType "complete", InputRequiredResult has "input_required"', () => {
    expectTypeOf<CallToolResult['resultType']>().toEqualTypeOf<'complete'>();
    expectTypeOf<ListToolsResult['resultType']>().toEqualTypeOf<'complete'>();
    expectTypeOf<DiscoverResult['resultType']>().toEqualTypeOf<'complete'>();
    expectTypeOf<InputRequiredResult['resultType']>().toEqualTypeOf<'input_required'>();
    const decoded = decodeAs('CallToolResult', { content: [] });
    expect(decoded.ok && decoded.value.resultType).toBe('complete');
  });

  it('P-15: extension results join the union only when extensionResultTypes names them', () => {
    const plain = decodeResult('tools/call', {});
    if (plain.ok) expectTypeOf(plain.value).toEqualTypeOf<CallToolResult | InputRequiredResult>();

    const withTask = decodeResult('tools/call', { resultType: 'task' }, { extensionResultTypes: ['task'] });
    if (!withTask.ok) throw withTask.error;
    const value = withTask.value;
    expectTypeOf(value).toEqualTypeOf<CallToolResult | InputRequiredResult | ExtensionResult<'task'>>();
    if (value.resultType === 'task') expectTypeOf(value).toEqualTypeOf<ExtensionResult<'task'>>();
    if (value.resultType === 'complete') expectTypeOf(value).toEqualTypeOf<CallToolResult>();
    expect(value.resultType).toBe('task');
  });

  it('Q-8: the result schemas are tagged by resultType, so zod alone picks the right union member', () => {
    expect(InputRequiredResultSchema.safeParse({ resultType: 'complete' }).success).toBe(false);
    expect(CallToolResultSchema.safeParse({ resultType: 'input_required', content: [] }).success).toBe(false);
    const completeWithoutContent = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } };
    expect(CallToolResultResponseSchema.safeParse(completeWithoutContent).success).toBe(false);
  });
});
