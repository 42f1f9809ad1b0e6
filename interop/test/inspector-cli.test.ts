import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the conformance runner, without types
import { findNode22 } from '../../conformance/lib/suite.mjs';
import { everythingStdio, serveEverythingHttp, textOf } from './support/everything-server.js';

const inspector = fileURLToPath(
  new URL(
    '../inspector/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
    import.meta.url,
  ),
);
/** The Inspector needs Node 22; conformance/node22 pins one for linux x64 and arm64. */
const node22: string | undefined = findNode22();

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Keeps the Inspector's catalog, client config and OAuth state out of the real home directory. */
const home = mkdtempSync(join(tmpdir(), 'mcpkit-inspector-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

interface CliOutcome {
  code: number | null;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** Runs `mcp-inspector --cli` in its default mode (protocol era `legacy`) and reads its JSON output. */
function inspect(target: string[], args: string[]): Promise<CliOutcome> {
  const argv = [inspector, '--cli', '--format', 'json', '-q', ...target, ...args];
  const env = {
    ...process.env,
    HOME: home,
    MCP_CATALOG_PATH: join(home, 'mcp.json'),
    MCP_CLIENT_CONFIG_PATH: join(home, 'client.json'),
  };
  return new Promise((resolve) => {
    execFile(node22!, argv, { env, timeout: 45_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      const text = stdout.trim() || stderr.trim();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { error: { message: text } };
      }
      resolve({ code, ...parsed } as CliOutcome);
    });
  });
}

const targets: [string, () => Promise<string[]>][] = [
  ['stdio', async () => [process.execPath, everythingStdio]],
  ['Streamable HTTP', async () => [await serveEverythingHttp(cleanups)]],
];

describe.skipIf(node22 === undefined).each(targets)(
  'MCP Inspector CLI (default mode) against apps/everything-server over %s',
  (_name, target) => {
    it('B-9: lists the tools', async () => {
      const outcome = await inspect(await target(), ['--method', 'tools/list']);
      expect(outcome.code).toBe(0);
      const tools = (outcome.result?.tools ?? []) as { name: string }[];
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['test_simple_text', 'test_elicitation', 'test_sampling']),
      );
    });

    it('B-10: calls test_simple_text', async () => {
      const outcome = await inspect(await target(), [
        '--method',
        'tools/call',
        '--tool-name',
        'test_simple_text',
      ]);
      expect(outcome.code).toBe(0);
      expect(textOf(outcome.result ?? {})).toBe('This is a simple text response for testing.');
    });

    it('B-10: reads a resource and gets a prompt', async () => {
      const read = await inspect(await target(), [
        '--method',
        'resources/read',
        '--uri',
        'test://static-text',
      ]);
      expect(read.code).toBe(0);
      expect(read.result?.contents).toEqual([
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ]);
      const prompt = await inspect(await target(), [
        '--method',
        'prompts/get',
        '--prompt-name',
        'test_simple_prompt',
      ]);
      expect(prompt.code).toBe(0);
      expect(prompt.result?.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
      ]);
    });

    // The CLI declares neither elicitation nor sampling on initialize, so no round trip can happen:
    // the tool that asks answers, as 2025 servers do, an isError result naming the capability (a
    // JSON-RPC error there would be -32021, a code 2025 clients do not know), not left waiting.
    it('B-10, B-13: a tool that elicits answers an isError result naming the capability the client did not declare', async () => {
      const outcome = await inspect(await target(), [
        '--method',
        'tools/call',
        '--tool-name',
        'test_elicitation',
        '--tool-arg',
        'message=hi',
      ]);
      expect(outcome.result).toMatchObject({ isError: true });
      expect(textOf(outcome.result ?? {})).toMatch(/elicitation capability/);
    });
  },
);
