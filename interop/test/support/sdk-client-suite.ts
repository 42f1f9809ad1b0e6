import { afterEach, describe, expect, it } from 'vitest';
import { everythingStdio, serveEverythingHttp, textOf } from './everything-server.js';

/** What the suite asks of an official SDK client: v1's and v2's `Client` both have these. */
export interface SdkClient {
  getServerVersion(): { name: string } | undefined;
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<object>;
  close(): Promise<void>;
}

/** A transport of either SDK. */
export interface Closable {
  close(): Promise<void>;
}

/** What the server asked the client, as its handlers recorded it. */
export interface Asked {
  elicitation?: string;
  sampling?: unknown;
}

/** A client connected for one test, and what the server asked it. */
export interface Connected<C extends SdkClient> {
  client: C;
  asked: Asked;
}

/** The answers every client under test gives (see `fixedAnswers`), for its request handlers. */
export type FixedAnswers = ReturnType<typeof fixedAnswers>;

/**
 * The answers every client under test gives: elicitation accepts with fixed content, sampling
 * replies with a fixed text; each records the question in `asked`.
 */
function fixedAnswers(asked: Asked) {
  return {
    elicit(params: { message: string }) {
      asked.elicitation = params.message;
      return { action: 'accept' as const, content: { username: 'ada', email: 'ada@example.com' } };
    },
    sample(params: { messages: { content: unknown }[] }) {
      asked.sampling = params.messages[0]?.content;
      return {
        role: 'assistant' as const,
        content: { type: 'text' as const, text: 'Roses are red' },
        model: 'fixed',
      };
    },
  };
}

/** One official SDK client, described for the suite. */
export interface SdkClientUnderTest<C extends SdkClient, T extends Closable> {
  /** The `describe` title; `%s` is the transport's name. */
  title: string;
  /** This SDK's transports, built from what the suite starts. */
  stdio(spec: { command: string; args: string[]; stderr: 'ignore' }): T;
  http(url: URL): T;
  /**
   * A client of this SDK, declaring elicitation and sampling (none when `declare` is false) and
   * answering them with `answers`, connected over `transport`.
   */
  connect(transport: T, answers: FixedAnswers, declare: boolean): Promise<C>;
  /** The name of the handshake test, and what it checks of the client besides the server's name. */
  handshake: { name: string; check?(client: C): void };
  /** Tests of this SDK only, run after the handshake test. */
  more?(connect: () => Promise<Connected<C>>): void;
}

/**
 * The tests both official SDK clients pass against apps/everything-server, over stdio and
 * Streamable HTTP: the `initialize` handshake with a tool listing and call (B-9), and the
 * server's real `elicitation/create` and `sampling/createMessage` requests (B-13). Every client,
 * server and child process is closed after its test.
 */
export function describeSdkClient<C extends SdkClient, T extends Closable>(
  sdk: SdkClientUnderTest<C, T>,
): void {
  describe.each(['stdio', 'Streamable HTTP'] as const)(sdk.title, (kind) => {
    const cleanups: (() => unknown)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    const connect = async (declare = true): Promise<Connected<C>> => {
      const transport =
        kind === 'stdio'
          ? sdk.stdio({ command: process.execPath, args: [everythingStdio], stderr: 'ignore' })
          : sdk.http(new URL(await serveEverythingHttp(cleanups)));
      cleanups.push(() => transport.close()); // also when connecting fails
      const asked: Asked = {};
      const client = await sdk.connect(transport, fixedAnswers(asked), declare);
      cleanups.push(() => client.close());
      return { client, asked };
    };

    it(sdk.handshake.name, async () => {
      const { client } = await connect();
      sdk.handshake.check?.(client);
      expect(client.getServerVersion()?.name).toBe('mcpkit-everything-server');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['test_simple_text', 'test_elicitation', 'test_sampling']),
      );
      const result = await client.callTool({ name: 'test_simple_text', arguments: {} });
      expect('isError' in result && result.isError).toBeFalsy();
      expect(textOf(result)).toBe('This is a simple text response for testing.');
    });

    sdk.more?.(() => connect());

    it('results carry no 2026-only _meta key: serverInfo came with initialize', async () => {
      const { client } = await connect();
      const result = (await client.callTool({ name: 'test_simple_text', arguments: {} })) as {
        _meta?: Record<string, unknown>;
      };
      expect(result._meta ?? {}).not.toHaveProperty(['io.modelcontextprotocol/serverInfo']);
    });

    it('B-10: a tool that asks what the client did not declare answers an isError result, as 2025 servers do', async () => {
      const { client, asked } = await connect(false);
      // -32021 does not exist in 2025-11-25 (and over HTTP its 400 was a transport failure): the
      // call completes, and the tool's result says what is missing.
      const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who?' } });
      expect('isError' in result && result.isError).toBe(true);
      expect(textOf(result)).toMatch(/elicitation/);
      expect(asked.elicitation).toBeUndefined();
      const next = await client.callTool({ name: 'test_simple_text', arguments: {} });
      expect(textOf(next)).toBe('This is a simple text response for testing.');
    });

    it('B-13: test_elicitation sends a real elicitation/create and the answer reaches the tool result', async () => {
      const { client, asked } = await connect();
      const result = await client.callTool({
        name: 'test_elicitation',
        arguments: { message: 'Who are you?' },
      });
      expect(asked.elicitation).toBe('Who are you?');
      expect('isError' in result && result.isError).toBeFalsy();
      const answer = JSON.parse(textOf(result).replace(/^User response: /, ''));
      expect(answer).toEqual({ action: 'accept', content: { username: 'ada', email: 'ada@example.com' } });
    });

    it('B-13: test_sampling sends a real sampling/createMessage and the reply reaches the tool result', async () => {
      const { client, asked } = await connect();
      const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'Write a poem' } });
      expect(asked.sampling).toEqual({ type: 'text', text: 'Write a poem' });
      expect('isError' in result && result.isError).toBeFalsy();
      expect(textOf(result)).toBe('LLM response: Roses are red');
    });
  });
}
