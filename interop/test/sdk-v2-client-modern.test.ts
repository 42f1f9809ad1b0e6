import {
  Client,
  ProtocolError,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingStdio, serveEverythingHttp, textOf } from './support/everything-server.js';

// The official SDK v2 Client speaking 2026-07-28 (versionNegotiation 'auto': server/discover first)
// against apps/everything-server: a second, independent implementation of the revision's client
// side. sdk-v2-client.test.ts runs the same SDK in its default (2025-11-25) mode.

const cleanups: (() => unknown)[] = [];
let httpUrl: string;
beforeAll(async () => {
  httpUrl = await serveEverythingHttp(cleanups);
}, 30_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What the user answers, by question. */
const answers: Record<string, Record<string, string | boolean>> = {
  'Who are you?': { username: 'ada', email: 'ada@example.com' },
  'What is your name?': { name: 'Ada' },
  'Please confirm': { ok: true },
};

const transports: [string, () => Transport][] = [
  [
    'stdio',
    () => new StdioClientTransport({ command: process.execPath, args: [everythingStdio], stderr: 'ignore' }),
  ],
  ['Streamable HTTP', () => new StreamableHTTPClientTransport(new URL(httpUrl))],
];

describe.each(transports)(
  'official SDK v2 Client in the 2026-07-28 era against apps/everything-server over %s',
  (kind, transport) => {
    const questions: string[] = [];
    let client: Client;
    beforeAll(async () => {
      client = new Client(
        { name: 'sdk-v2-modern-interop', version: '0.0.0' },
        { capabilities: { elicitation: {}, sampling: {}, roots: {} }, versionNegotiation: { mode: 'auto' } },
      );
      client.setRequestHandler('elicitation/create', async ({ params }) => {
        questions.push(params.message);
        return { action: 'accept', content: answers[params.message] ?? {} };
      });
      client.setRequestHandler('sampling/createMessage', async () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Hello there' },
        model: 'fixed-model',
      }));
      client.setRequestHandler('roots/list', async () => ({
        roots: [{ uri: 'file:///work', name: 'work' }],
      }));
      await client.connect(transport());
    }, 30_000);
    afterAll(() => client?.close());

    it('C-9 S-11: server/discover settles 2026-07-28; lists the tools and calls one', async () => {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getServerVersion()?.name).toBe('mcpkit-everything-server');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['test_simple_text', 'test_elicitation', 'test_custom_headers']),
      );
      const result = await client.callTool({ name: 'test_simple_text', arguments: {} });
      expect(textOf(result)).toBe('This is a simple text response for testing.');
    });

    // Over stdio SDK v2 2.4.0 loses a progress notification read in the same chunk as the result
    // (the last of the three, here); the server writes all three before the result.
    it.runIf(kind === 'Streamable HTTP')(
      'S-66: the progress of test_tool_with_progress reaches onprogress before the result',
      async () => {
        const seen: unknown[] = [];
        const result = await client.callTool(
          { name: 'test_tool_with_progress', arguments: {} },
          { onprogress: ({ progress, total }) => seen.push({ progress, total }) },
        );
        expect(seen).toEqual([
          { progress: 0, total: 100 },
          { progress: 50, total: 100 },
          { progress: 100, total: 100 },
        ]);
        expect(textOf(result)).toBe('Progress test completed');
      },
    );

    it('S-7 C-24: an input_required round is answered by the elicitation/create handler and retried', async () => {
      questions.length = 0;
      const result = await client.callTool({
        name: 'test_elicitation',
        arguments: { message: 'Who are you?' },
      });
      expect(questions).toEqual(['Who are you?']);
      expect(JSON.parse(textOf(result).replace(/^User response: /, ''))).toEqual({
        action: 'accept',
        content: { username: 'ada', email: 'ada@example.com' },
      });
    });

    it('C-26 S-61: the signed requestState survives the SDK’s byte-exact echo across rounds', async () => {
      const result = await client.callTool({
        name: 'test_input_required_result_request_state',
        arguments: {},
      });
      expect(textOf(result)).toMatch(/^state-ok: ticket-\w+ confirmed$/);
    });

    it('S-54: elicitation, sampling and roots asked in one round are all answered', async () => {
      const result = await client.callTool({
        name: 'test_input_required_result_multiple_inputs',
        arguments: {},
      });
      expect(textOf(result)).toBe('Got a name (Ada), a greeting from fixed-model and 1 root(s)');
    });

    it('H-27 H-29: the x-mcp-header argument of test_custom_headers is accepted as the SDK sends it', async () => {
      const result = await client.callTool({ name: 'test_custom_headers', arguments: { region: 'eu-west' } });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('region=eu-west query=');
    });

    it('S-31 S-28: a read carries the caching hints; a missing resource is -32602', async () => {
      const read = await client.readResource({ uri: 'test://static-text' });
      expect(read).toMatchObject({
        ttlMs: 60_000,
        cacheScope: 'public',
        contents: [{ uri: 'test://static-text', text: 'This is the content of the static text resource.' }],
      });
      const missing = await client.readResource({ uri: 'test://missing' }).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(ProtocolError);
      expect(missing).toMatchObject({ code: -32602 });
    });

    it('gets a prompt with arguments and completes an argument', async () => {
      const prompt = await client.getPrompt({
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'a', arg2: 'b' },
      });
      expect(prompt.messages).toEqual([
        { role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" } },
      ]);
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'pa' },
      });
      expect(completion.completion.values).toEqual(['paris', 'park', 'party']);
    });

    it('S-22 S-50: a subscriptions/listen stream gets tools/list_changed when the list changes', async () => {
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
      const subscription = await client.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
      await client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
      await changed;
      await subscription.close();
      expect(await subscription.closed).toBe('local');
    });

    it('S-18: a failing tool is a result with isError; an unknown tool is -32602', async () => {
      const failed = await client.callTool({ name: 'test_error_handling', arguments: {} });
      expect(failed.isError).toBe(true);
      const unknown = await client
        .callTool({ name: 'no_such_tool', arguments: {} })
        .catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(ProtocolError);
      expect(unknown).toMatchObject({ code: -32602 });
    });
  },
);
