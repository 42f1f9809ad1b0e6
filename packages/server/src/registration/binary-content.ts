import type { BlobResourceContents, ContentBlock, TextResourceContents } from '@mcpkit/protocol';
import { clipForMessage } from '@mcpkit/protocol/internal';

/*
 * What the result schemas cannot say about binary content and MIME types: image and audio data
 * is Base64 with a valid MIME type (S-38), resource contents hold exactly one of `text` or `blob`
 * and a blob is Base64 (P-59, S-33). A handler that breaks them has a bug, so the result is
 * `-32603`, as for any other malformed result.
 */

/** Standard Base64 with padding (RFC 4648 §4); no line breaks. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** `type/subtype` (RFC 6838 restricted names), optionally with parameters. */
const MIME_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:[ \t]*;.*)?$/;

function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

function mimeTypeProblem(mimeType: string | undefined, required: boolean): string | undefined {
  if (mimeType === undefined ? !required : MIME_TYPE.test(mimeType)) return undefined;
  return `mimeType ${JSON.stringify(clipForMessage(mimeType ?? ''))} is not a type/subtype MIME type`;
}

/** Why resource contents are malformed, or `undefined`. */
export function resourceContentsProblem(
  contents: TextResourceContents | BlobResourceContents,
): string | undefined {
  const { text, blob } = contents as { text?: unknown; blob?: unknown };
  if ((text === undefined) === (blob === undefined)) return 'needs exactly one of text or blob'; // P-59
  if (typeof blob === 'string' && !isBase64(blob)) return 'blob is not Base64'; // S-33
  return mimeTypeProblem(contents.mimeType, false);
}

/** Why a content block is malformed, or `undefined`. */
export function contentBlockProblem(block: ContentBlock): string | undefined {
  switch (block.type) {
    case 'image':
    case 'audio':
      if (!isBase64(block.data)) return `${block.type} data is not Base64`; // S-38
      return mimeTypeProblem(block.mimeType, true);
    case 'resource': {
      const problem = resourceContentsProblem(block.resource);
      return problem && `embedded resource ${problem}`;
    }
    case 'resource_link':
      return mimeTypeProblem(block.mimeType, false);
    default:
      return undefined;
  }
}

/** The first malformed item of `items` as `where[index]: problem`, or `undefined`. */
export function firstProblem<T>(
  items: readonly T[],
  problemOf: (item: T) => string | undefined,
  where: string,
): string | undefined {
  for (let i = 0; i < items.length; i++) {
    const problem = problemOf(items[i]!);
    if (problem) return `${where}[${i}] ${problem}`;
  }
  return undefined;
}
