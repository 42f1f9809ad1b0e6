import { execFile } from 'node:child_process';
import { type EraOption, McpClient, McpError, type Progress, ResourceNotFoundError } from '@mcpkit/client';
import type { LoggingMessageNotificationParams } from '@mcpkit/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEverythingHttp, textOf } from './support/everything-server.js';
import { configDir, MCP_REMOTE_START_MS, mcpRemote, mcpRemoteCommand } from './support/mcp-remote.js';

// mcp-remote is the stdio ↔ remote HTTP proxy desktop hosts run to reach a remote server: the host
// speaks stdio to it, it speaks Streamable HTTP (or HTTP+SSE) to the server. Here McpClient is the
// host and apps/everything-server the remote server, one instance for the whole file.

const cleanups: (() => unknown)[] = [];
let serverUrl: string;
beforeAll(async () => {
  serverUrl = await serveEverythingHttp(cleanups);
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Route {
  /** How McpClient connects: `auto` probes with server/discover, `legacy` opens with initialize. */
  era: EraOption;
  /** mcp-remote's options besides the URL. */
  args: string[];
  /** The era McpClient ends up in. */
  connected: 'modern' | 'legacy';
  /** Whether the everything server answers in the 2026-07-28 era (stateless, caching hints). */
  servedModern: boolean;
}

const routes: [string, Route][] = [
  [
    'McpClient (era auto) through mcp-remote: 2026-07-28 requests pass through',
    { era: 'auto', args: [], connected: 'modern', servedModern: true },
  ],
  [
    'McpClient as a 2025-11-25 client (era legacy) through mcp-remote: a 2025-era HTTP session',
    { era: 'legacy', args: [], connected: 'legacy', servedModern: false },
  ],
  [
    'McpClient as a 2025-11-25 client through mcp-remote --protocol auto: mcp-remote bridges to 2026-07-28',
    { era: 'legacy', args: ['--protocol', 'auto'], connected: 'legacy', servedModern: true },
  ],
];

/** What the user answers, by question. */
const answers: Record<string, Record<string, string | boolean>> = {
  'Who are you?': { username: 'ada', email: 'ada@example.com' },
  'What is your name?': { name: 'Ada' },
  'Step 1: What is your name?': { name: 'Ada' },
  'Step 2: What is your favorite color?': { color: 'green' },
  'Continue?': { proceed: true },
};

describe.each(routes)('%s', (_title, route) => {
  const questions: string[] = [];
  const logs: LoggingMessageNotificationParams[] = [];
  let client: McpClient;
  beforeAll(async () => {
    const remote = mcpRemote(serverUrl, configDir(cleanups), route.args);
    client = new McpClient(remote.transport, {
      era: route.era,
      probeTimeoutMs: MCP_REMOTE_START_MS,
      clientInfo: { name: 'mcpkit-via-mcp-remote', version: '0.0.0' },
      onLog: (message) => logs.push(message),
      handlers: {
        elicitation: {
          form: async ({ message }) => {
            questions.push(message);
            return { action: 'accept', content: answers[message] ?? {} };
          },
        },
        sampling: {
          createMessage: async () => ({
            role: 'assistant',
            content: { type: 'text', text: 'Hello there' },
            model: 'fixed-model',
          }),
        },
        roots: () => [{ uri: 'file:///work', name: 'work' }],
      },
    });
    await client.connect().catch((error: unknown) => {
      throw new Error(`connecting through mcp-remote failed: ${error}\n${remote.log()}`);
    });
  }, 30_000);
  afterAll(() => client?.close());

  it('connects in the expected era, lists the tools and calls one', async () => {
    expect(client.server?.era).toBe(route.connected);
    expect(client.server?.protocolVersion).toBe(route.connected === 'modern' ? '2026-07-28' : '2025-11-25');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['test_simple_text', 'test_tool_with_progress', 'test_elicitation']),
    );
    const result = await client.callTool('test_simple_text', {});
    expect(textOf(result)).toBe('This is a simple text response for testing.');
  });

  it('C-6 S-66: the progress of test_tool_with_progress reaches onProgress, in order, before the result', async () => {
    const seen: Progress[] = [];
    const result = await client.callTool('test_tool_with_progress', {}, { onProgress: (p) => seen.push(p) });
    expect(seen.map(({ progress, total, message }) => ({ progress, total, message }))).toEqual([
      { progress: 0, total: 100, message: 'Starting' },
      { progress: 50, total: 100, message: 'Halfway' },
      { progress: 100, total: 100, message: 'Done' },
    ]);
    expect(textOf(result)).toBe('Progress test completed');
  });

  it('C-24 B-13: the question of test_elicitation reaches the form handler and the answer the result', async () => {
    questions.length = 0;
    const result = await client.callTool('test_elicitation', { message: 'Who are you?' });
    expect(questions).toEqual(['Who are you?']);
    expect(JSON.parse(textOf(result).replace(/^User response: /, ''))).toEqual({
      action: 'accept',
      content: { username: 'ada', email: 'ada@example.com' },
    });
  });

  it('C-25 C-26: two questions one round after the other, the signed requestState carried between them', async () => {
    questions.length = 0;
    const result = await client.callTool('test_input_required_result_multi_round', {});
    expect(questions).toEqual(['Step 1: What is your name?', 'Step 2: What is your favorite color?']);
    expect(textOf(result)).toBe('Ada likes green');
  });

  it('C-24 S-54: one round asking for elicitation, sampling and roots at once gets all three answers', async () => {
    const result = await client.callTool('test_input_required_result_multiple_inputs', {});
    expect(textOf(result)).toBe('Got a name (Ada), a greeting from fixed-model and 1 root(s)');
  });

  // Over a 2025-era session the everything server ends a response still running after 1 s (SSE
  // polling); mcp-remote's transport resumes it with Last-Event-ID and gets the rest.
  it.runIf(!route.servedModern)(
    'B-11: a 1.5 s call ended early by the server is resumed to its result',
    async () => {
      const result = await client.callTool('test_reconnection', {});
      expect(textOf(result)).toBe('Reconnection test completed');
    },
  );

  // The server runs the handler again once the answer is in, and the handler reports its progress
  // again: in a 2025 session the client sees one request, whose progress must keep increasing; in
  // 2026-07-28 each round is a request of its own, and onProgress still sees the call's values rise.
  it('P-80: a tool that reports progress around a question sends each value once', async () => {
    const seen: number[] = [];
    const result = await client.callTool(
      'test_streaming_elicitation',
      {},
      { onProgress: (p) => seen.push(p.progress) },
    );
    expect(textOf(result)).toBe('Continued');
    expect(seen).toEqual([1, 2]);
  });

  it('S-28 B-15: lists and reads resources and templates; a missing resource is ResourceNotFoundError', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['test://static-text', 'test://static-binary']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['test://template/{id}/data']);
    const read = await client.readResource('test://static-text');
    expect(read.contents).toEqual([
      {
        uri: 'test://static-text',
        mimeType: 'text/plain',
        text: 'This is the content of the static text resource.',
      },
    ]);
    // The 2026-07-28 caching hints (S-31) reach the client only when that era served the read.
    if (route.servedModern) expect(read).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    else expect(read).toMatchObject({ ttlMs: 0 });
    await expect(client.readResource('test://missing')).rejects.toBeInstanceOf(ResourceNotFoundError);
  });

  it('lists prompts and gets one with arguments', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(
      expect.arrayContaining(['test_simple_prompt', 'test_prompt_with_arguments']),
    );
    const prompt = await client.getPrompt('test_prompt_with_arguments', { arg1: 'a', arg2: 'b' });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" } },
    ]);
  });

  it('C-39 S-22: a listen for tool list changes hears the change test_trigger_tool_change makes', async () => {
    const subscription = client.listen({ toolsListChanged: true });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    const next = subscription.next();
    await client.callTool('test_trigger_tool_change', {});
    expect((await next).value).toMatchObject({ method: 'notifications/tools/list_changed' });
    subscription.close();
  });

  it('C-7 S-68: the log messages of test_tool_with_logging reach onLog', async () => {
    logs.length = 0;
    const result = await client.callTool('test_tool_with_logging', {}, { logLevel: 'info' });
    expect(textOf(result)).toBe('Logging test completed');
    expect(logs).toEqual([
      { level: 'info', data: 'Tool execution started' },
      { level: 'info', data: 'Tool processing data' },
      { level: 'info', data: 'Tool execution completed' },
    ]);
  });

  it('S-18: a tool that fails is a result with isError, not a protocol error', async () => {
    const result = await client.callTool('test_error_handling', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('This tool intentionally returns an error for testing');
  });

  it('an unknown tool is the JSON-RPC error -32602', async () => {
    const refused = client.callTool('no_such_tool', {});
    await expect(refused).rejects.toBeInstanceOf(McpError);
    await expect(refused).rejects.toMatchObject({ code: -32602 });
  });
});

describe("mcp-remote's HTTP+SSE transport (2024-11-05)", () => {
  it('B-21 H-38: with --transport sse-first it falls back to Streamable HTTP on the 405 our server answers GET with', async () => {
    const remote = mcpRemote(serverUrl, configDir(cleanups), ['--transport', 'sse-first']);
    const client = new McpClient(remote.transport, {
      era: 'legacy',
      probeTimeoutMs: MCP_REMOTE_START_MS,
      clientInfo: { name: 'mcpkit-via-mcp-remote', version: '0.0.0' },
    });
    try {
      await client.connect();
      expect(textOf(await client.callTool('test_simple_text', {}))).toBe(
        'This is a simple text response for testing.',
      );
      expect(remote.log()).toContain('Connected to remote server using StreamableHTTPClientTransport');
    } finally {
      await client.close();
    }
  });

  // apps/everything-server (like every mcpkit server) serves no 2024-11-05 HTTP+SSE endpoint: a
  // client that insists on that transport gets the 405 at once, not a hang.
  it('with --transport sse-only it exits at once with the 405: our server has no HTTP+SSE endpoint', async () => {
    const { command, args, env } = mcpRemoteCommand(serverUrl, configDir(cleanups), [
      '--transport',
      'sse-only',
    ]);
    const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(command, args, { env, timeout: 30_000 }, (error, _stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stderr });
      });
      child.stdin?.end();
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/Non-200 status code \(405\)/);
  });
});

// What most desktop hosts are: the official SDK v1 Client, spawning mcp-remote over stdio.
describe('the official SDK v1 Client through mcp-remote', () => {
  it('B-9 B-13: initializes, calls a tool, and answers the elicitation/create and sampling/createMessage the server sends', async () => {
    const { command, args, env } = mcpRemoteCommand(serverUrl, configDir(cleanups));
    const client = new Client(
      { name: 'sdk-v1-via-mcp-remote', version: '0.0.0' },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { username: 'ada', email: 'ada@example.com' },
    }));
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Roses are red' },
      model: 'fixed-model',
    }));
    await client.connect(
      new StdioClientTransport({ command, args, env: env as Record<string, string>, stderr: 'ignore' }),
    );
    try {
      expect(client.getServerVersion()?.name).toBe('mcpkit-everything-server');
      const simple = await client.callTool({ name: 'test_simple_text', arguments: {} });
      expect(textOf(simple)).toBe('This is a simple text response for testing.');
      const asked = await client.callTool({
        name: 'test_elicitation',
        arguments: { message: 'Who are you?' },
      });
      expect(JSON.parse(textOf(asked).replace(/^User response: /, ''))).toEqual({
        action: 'accept',
        content: { username: 'ada', email: 'ada@example.com' },
      });
      const sampled = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'Write a poem' } });
      expect(textOf(sampled)).toBe('LLM response: Roses are red');
    } finally {
      await client.close();
    }
  });
});
