import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingStdio, serveEverythingHttp } from './support/everything-server.js';

// LangChain's MCP adapters (pinned) against apps/everything-server, over stdio and Streamable HTTP:
// a 2025 client. A tool's text result reaches the agent as plain text, as it does from the
// official SDK's servers; a 2026-only `_meta` key in the result once made it a content block.

describe.each(['stdio', 'Streamable HTTP'] as const)(
  '@langchain/mcp-adapters against apps/everything-server over %s',
  (kind) => {
    const cleanups: (() => unknown)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('a text result reaches the agent as plain text', async () => {
      const server =
        kind === 'stdio'
          ? { transport: 'stdio' as const, command: process.execPath, args: [everythingStdio] }
          : { transport: 'http' as const, url: await serveEverythingHttp(cleanups) };
      const client = new MultiServerMCPClient({ mcpServers: { everything: server } });
      cleanups.push(() => client.close());
      const tools = await client.getTools();
      const tool = tools.find((candidate) => candidate.name === 'test_simple_text');
      expect(tool).toBeDefined();
      expect(await tool!.invoke({})).toBe('This is a simple text response for testing.');
    });
  },
);
