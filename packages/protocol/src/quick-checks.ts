import { isRecord } from './is-record.js';
import { isImplementation } from './shape-checks.js';

/*
 * One-sided checks for the shapes a plain request meets, so answering it needs no schema library:
 * `true` means the schema surely accepts the value; `false` means "ask the schema" (`loadSchemas`),
 * never "invalid". The common shapes are covered; anything rarer (an `inputResponses` round, a
 * content block other than text) goes to the schema, so verdicts and error messages stay the
 * schema's. test/quick-checks.test.ts holds them to that on generated values.
 */

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/**
 * Whether the params of `method`, `_meta` aside (`readRequestMeta` checks it), surely fit the
 * method's schema: those of `server/discover`, `tools/list` and a `tools/call` that answers no
 * input requests.
 */
export function surelyValidParams(method: string, params: Record<string, unknown>): boolean {
  switch (method) {
    case 'server/discover':
      return true;
    case 'tools/list':
      return isOptionalString(params.cursor);
    case 'tools/call':
      return (
        typeof params.name === 'string' &&
        (params.arguments === undefined || isRecord(params.arguments)) &&
        params.inputResponses === undefined &&
        isOptionalString(params.requestState)
      );
    default:
      return false;
  }
}

function isResultMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isRecord(meta)) return false;
  const serverInfo = meta['io.modelcontextprotocol/serverInfo'];
  return serverInfo === undefined || isImplementation(serverInfo);
}

function isPlainTextBlock(block: unknown): boolean {
  return (
    isRecord(block) &&
    block.type === 'text' &&
    typeof block.text === 'string' &&
    block.annotations === undefined &&
    (block._meta === undefined || isRecord(block._meta))
  );
}

/** Whether `result` surely fits `CallToolResultSchema`: a complete result whose content is text blocks. */
export function surelyCallToolResult(result: unknown): boolean {
  if (!isRecord(result) || result.resultType !== 'complete' || !isResultMeta(result._meta)) return false;
  if (result.isError !== undefined && typeof result.isError !== 'boolean') return false;
  const content = result.content;
  if (!Array.isArray(content)) return false;
  for (let i = 0; i < content.length; i++) if (!isPlainTextBlock(content[i])) return false;
  return true;
}
