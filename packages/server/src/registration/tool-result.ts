import type { ContentBlock } from '@mcpkit/protocol';

/** What a tool handler returns. `content` defaults to the JSON of `structuredContent` (S-20). */
export interface ToolResult<S = unknown> {
  content?: ContentBlock[];
  structuredContent?: S;
  /** A tool execution error the model can act on (S-18). */
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}
