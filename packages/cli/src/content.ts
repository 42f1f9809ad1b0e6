import type { ContentBlock } from '@mcpkit/client';

/** The size of base64 data in bytes, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** An embedded or read resource's contents: its text as is, a blob as a one-line summary. */
export function resourceContentsText(contents: {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}): string {
  if (typeof contents.text === 'string') return contents.text;
  const size = typeof contents.blob === 'string' ? base64Bytes(contents.blob) : 0;
  return `[${contents.mimeType ?? 'binary'} ${contents.uri}, ${size} bytes; --json shows the data]`;
}

/**
 * One content block as a person reads it in a terminal: text as is, binary data as a one-line
 * summary (a terminal cannot show an image; `--json` carries the data).
 */
export function contentBlockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes; --json shows the data]`;
    case 'resource_link':
      return `[link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
    case 'resource':
      return resourceContentsText(block.resource);
    default:
      return JSON.stringify(block);
  }
}

/** Content blocks one after the other, separated by a blank line. */
export function contentText(blocks: readonly ContentBlock[]): string {
  return blocks.map(contentBlockText).join('\n\n');
}

/** Cuts `text` to one line of at most `width` characters, with an ellipsis when cut. */
function oneLine(text: string | undefined, width: number): string {
  if (text === undefined) return '';
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

/** Rows as aligned columns: each column as wide as its widest cell, the last one cut to fit `width`. */
export function columns(rows: readonly (readonly string[])[], width = 100): string {
  if (rows.length === 0) return '';
  const count = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: count - 1 }, (_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const used = widths.reduce((sum, w) => sum + w + 2, 0);
  return rows
    .map((row) => {
      const cells = row.slice(0, -1).map((cell, column) => cell.padEnd(widths[column]!));
      const last = row.length === count ? oneLine(row[count - 1], Math.max(20, width - used)) : '';
      return [...cells, last].join('  ').trimEnd();
    })
    .join('\n');
}
