import {
  followTasks,
  type InputHandlers,
  McpClient,
  type McpClientOptions,
  MissingClientCapabilityError,
  ResourceNotFoundError,
} from '@mcpkit/client';
import { type ClientTransport, type InputRequiredResult, McpError } from '@mcpkit/protocol';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entry, type RunningHttpServer, startHttpServer, stopAllHttpServers } from './helpers/processes.js';

// The same behaviour over both transports: one server definition, two entry points.

const CONFORMANCE_TOOLS = [
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_error_handling',
  'test_tool_with_progress',
  'test_logging_tool',
  'test_missing_capability',
  'test_streaming_elicitation',
  'test_trigger_tool_change',
  'test_trigger_prompt_change',
  'test_input_required_result_elicitation',
  'test_input_required_result_sampling',
  'test_input_required_result_list_roots',
  'test_input_required_result_request_state',
  'test_input_required_result_multiple_inputs',
  'test_input_required_result_multi_round',
  'test_input_required_result_tampered_state',
  'test_input_required_result_capabilities',
  'json_schema_2020_12_tool',
];

const asked: string[] = [];
const handlers: InputHandlers = {
  elicitation: {
    form: (request) => {
      asked.push(request.message);
      const fields = Object.keys(request.requestedSchema.properties);
      const content: Record<string, string | boolean> = {};
      for (const field of fields)
        content[field] = field === 'ok' || field === 'proceed' ? true : `my ${field}`;
      return { action: 'accept', content };
    },
  },
  sampling: {
    createMessage: () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Paris' },
      model: 'test-model',
      stopReason: 'endTurn',
    }),
  },
  roots: () => [{ uri: 'file:///work/project', name: 'project' }],
};

function text(result: { content: Array<{ type: string; text?: string }> }): string {
  const first = result.content[0];
  return first?.type === 'text' ? (first.text ?? '') : '';
}

interface Harness {
  start(): Promise<void>;
  transport(): ClientTransport;
  stop(): Promise<void>;
}

function httpHarness(): Harness {
  let server: RunningHttpServer;
  return {
    async start() {
      server = await startHttpServer();
    },
    transport: () => createHttpClientTransport(server.url),
    stop: stopAllHttpServers,
  };
}

function stdioHarness(): Harness {
  return {
    async start() {},
    transport: () =>
      createStdioClientTransport({ command: process.execPath, args: [entry('stdio.js')], stderr: 'ignore' }),
    async stop() {},
  };
}

describe.each([
  ['http', httpHarness()],
  ['stdio', stdioHarness()],
])('the everything server over %s', { timeout: 30_000 }, (_name, harness) => {
  const clients: McpClient[] = [];
  const connect = (options: McpClientOptions = { handlers }) => {
    const client = new McpClient(harness.transport(), { onWarning: () => {}, ...options });
    clients.push(client);
    return client;
  };
  let client: McpClient;

  beforeAll(async () => {
    await harness.start();
    client = connect();
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await harness.stop();
  });

  it('S-9, S-5: server/discover names the server and advertises every feature it serves', async () => {
    const server = await client.connect();
    expect(server?.serverInfo).toMatchObject({ name: 'mcpkit-everything-server' });
    expect(server?.capabilities).toMatchObject({
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true },
      completions: {},
      logging: {},
    });
  });

  it('S-15: lists every conformance tool, in the same order every time, the no-argument text tool first', async () => {
    const first = (await client.listTools({}, { cache: 'bypass' })).tools.map((tool) => tool.name);
    const second = (await client.listTools({}, { cache: 'bypass' })).tools.map((tool) => tool.name);
    expect(first).toEqual(second);
    expect(first[0]).toBe('test_simple_text');
    expect(first).toEqual(
      expect.arrayContaining([...CONFORMANCE_TOOLS, 'add_numbers', 'test_custom_headers']),
    );
  });

  it('returns text, image, audio, embedded resource and mixed content', async () => {
    expect(text(await client.callTool('test_simple_text'))).toBe(
      'This is a simple text response for testing.',
    );
    expect((await client.callTool('test_image_content')).content[0]).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      data: expect.stringMatching(/^iVBORw0KGgo/),
    });
    const audio = (await client.callTool('test_audio_content')).content[0] as {
      data: string;
      mimeType: string;
    };
    expect(audio.mimeType).toBe('audio/wav');
    expect(Buffer.from(audio.data, 'base64').subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect((await client.callTool('test_embedded_resource')).content[0]).toMatchObject({
      type: 'resource',
      resource: { uri: 'test://embedded-resource', mimeType: 'text/plain' },
    });
    const mixed = await client.callTool('test_multiple_content_types');
    expect(mixed.content.map((block) => block.type)).toEqual(['text', 'image', 'resource']);
  });

  it('S-18: a failing tool is a result with isError and a message, not a protocol error', async () => {
    const result = await client.callTool('test_error_handling');
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('This tool intentionally returns an error for testing');
  });

  it('S-18, S-19, S-20: add_numbers checks its arguments and returns structured content', async () => {
    const result = await client.callTool('add_numbers', { a: 5, b: 3 });
    expect(result.structuredContent).toEqual({ sum: 8 });
    expect(text(result)).toBe('5 + 3 = 8');
    const invalid = await client.callTool('add_numbers', { a: 'five', b: 3 });
    expect(invalid.isError).toBe(true);
  });

  it('S-66: reports progress 0, 50, 100 of 100 when asked with a progress token', async () => {
    const seen: number[] = [];
    const result = await client.callTool(
      'test_tool_with_progress',
      {},
      {
        onProgress: (progress) => {
          expect(progress.total).toBe(100);
          seen.push(progress.progress);
        },
      },
    );
    expect(text(result)).toBe('Progress test completed');
    expect(seen).toEqual([0, 50, 100]);
  });

  it('S-69, S-70: logs only at or above the level the request asked for', async () => {
    const info: string[] = [];
    await client.callTool(
      'test_logging_tool',
      {},
      { logLevel: 'info', onLog: (m) => info.push(String(m.data)) },
    );
    expect(info).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
    const errors: string[] = [];
    await client.callTool(
      'test_logging_tool',
      {},
      { logLevel: 'error', onLog: (m) => errors.push(String(m.data)) },
    );
    expect(errors).toEqual([]);
  });

  it('S-23, S-60: multi round-trip tools ask, get answers on the retry and finish', async () => {
    asked.length = 0;
    expect(text(await client.callTool('test_input_required_result_elicitation'))).toBe('Hello, my name!');
    expect(text(await client.callTool('test_input_required_result_sampling'))).toBe('The model said: Paris');
    expect(text(await client.callTool('test_input_required_result_list_roots'))).toContain(
      'file:///work/project',
    );
    expect(text(await client.callTool('test_input_required_result_multiple_inputs'))).toBe(
      'Got a name (my name), a greeting from test-model and 1 root(s)',
    );
    expect(text(await client.callTool('test_input_required_result_multi_round'))).toBe(
      'my name likes my color',
    );
    expect(text(await client.callTool('test_input_required_result_request_state'))).toMatch(
      /^state-ok: ticket-\w+ confirmed$/,
    );
    expect(asked).toEqual([
      'What is your name?',
      'What is your name?',
      'Step 1: What is your name?',
      'Step 2: What is your favorite color?',
      'Please confirm',
    ]);
  });

  it('S-53: input_required is used by prompts too, and never on a list', async () => {
    const prompt = await client.getPrompt('test_input_required_result_prompt');
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Use this context: my context' });
  });

  it('S-56: asks only for the input kinds the request declared', async () => {
    const samplingOnly = connect({ handlers: { sampling: handlers.sampling } });
    const result = (await samplingOnly.callTool(
      'test_input_required_result_capabilities',
      {},
      {
        inputRequired: 'manual',
      },
    )) as InputRequiredResult;
    expect(result.resultType).toBe('input_required');
    expect(Object.keys(result.inputRequests ?? {})).toEqual(['greeting']);
  });

  it('S-3: a tool that needs sampling refuses a request that did not declare it, with -32021', async () => {
    const bare = connect({});
    const failure = await bare.callTool('test_missing_capability').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MissingClientCapabilityError);
    expect((failure as MissingClientCapabilityError).requiredCapabilities).toEqual({ sampling: {} });
    expect(text(await client.callTool('test_missing_capability'))).toBe('Haiku by test-model');
  });

  it('S-57: a requestState that was altered is rejected', async () => {
    const first = (await client.callTool(
      'test_input_required_result_tampered_state',
      {},
      {
        inputRequired: 'manual',
      },
    )) as InputRequiredResult;
    expect(first.requestState).toEqual(expect.any(String));
    const failure = await client
      .callTool(
        'test_input_required_result_tampered_state',
        {},
        {
          inputRequired: 'manual',
          inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
          requestState: `${first.requestState}-TAMPERED`,
        },
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).code).toBe(-32602);
  });

  it('S-40, S-28: serves the static and templated resources with caching hints; a missing one is -32602', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['test://static-text', 'test://static-binary']);
    const textResource = await client.readResource('test://static-text', { cache: 'bypass' });
    expect(textResource).toMatchObject({
      ttlMs: 60_000,
      cacheScope: 'public',
      contents: [{ uri: 'test://static-text', text: 'This is the content of the static text resource.' }],
    });
    expect((await client.readResource('test://static-binary')).contents[0]).toMatchObject({
      mimeType: 'image/png',
    });
    const templated = await client.readResource('test://template/123/data');
    expect(JSON.parse((templated.contents[0] as { text: string }).text)).toEqual({
      id: '123',
      templateTest: true,
      data: 'Data for ID: 123',
    });
    const missing = await client.readResource('test://nowhere').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ResourceNotFoundError);
    expect((missing as ResourceNotFoundError).uri).toBe('test://nowhere');
  });

  it('serves the conformance prompts with their arguments substituted', async () => {
    const simple = await client.getPrompt('test_simple_prompt');
    expect(simple.messages[0]?.content).toEqual({
      type: 'text',
      text: 'This is a simple prompt for testing.',
    });
    const withArgs = await client.getPrompt('test_prompt_with_arguments', { arg1: 'hello', arg2: 'world' });
    expect(withArgs.messages[0]?.content).toEqual({
      type: 'text',
      text: "Prompt with arguments: arg1='hello', arg2='world'",
    });
    const embedded = await client.getPrompt('test_prompt_with_embedded_resource', {
      resourceUri: 'test://x',
    });
    expect(embedded.messages[0]?.content).toMatchObject({ type: 'resource', resource: { uri: 'test://x' } });
    const image = await client.getPrompt('test_prompt_with_image');
    expect(image.messages[0]?.content).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('S-36: a prompt missing a required argument is -32602', async () => {
    const failure = await client
      .getPrompt('test_prompt_with_arguments', { arg1: 'x' })
      .catch((e: unknown) => e);
    expect((failure as McpError).code).toBe(-32602);
  });

  it('S-44: completes prompt arguments and template variables', async () => {
    const prompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg1', value: 'pa' },
    });
    expect(prompt.completion.values).toEqual(['paris', 'park', 'party']);
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
      argument: { name: 'id', value: '1' },
    });
    expect(template.completion.values).toEqual(['1', '123']);
  });

  it('S-22, S-46: a listen stream hears the tool list change, and only what it asked for', async () => {
    const tools = client.listen({ toolsListChanged: true });
    const prompts = client.listen({ promptsListChanged: true });
    await Promise.all([tools.acknowledged, prompts.acknowledged]);
    const toolEvents = tools[Symbol.asyncIterator]();
    const promptEvents = prompts[Symbol.asyncIterator]();
    await client.callTool('test_trigger_tool_change');
    expect((await toolEvents.next()).value).toMatchObject({ method: 'notifications/tools/list_changed' });
    await client.callTool('test_trigger_prompt_change');
    // The prompts stream's first event is the prompt change: it never saw the tool change.
    expect((await promptEvents.next()).value).toMatchObject({ method: 'notifications/prompts/list_changed' });
    const listed = await client.listTools({}, { cache: 'bypass' });
    expect(listed.tools.find((tool) => tool.name === 'test_trigger_tool_change')?.description).toMatch(
      /edited \d+ time/,
    );
    tools.close();
    prompts.close();
  });

  it('X-9, X-13, X-14: a client with tasks on follows a task with a question to its result', async () => {
    const taskIds: string[] = [];
    const tasksClient = connect({
      tasks: followTasks(),
      handlers: { elicitation: { form: () => ({ action: 'accept', content: { confirm: true } }) } },
    });
    const result = await tasksClient.callTool(
      'confirm_delete',
      { filename: 'notes.txt' },
      { onTask: (task) => taskIds.push(task.taskId) },
    );
    expect(text(result)).toBe('Deleted notes.txt');
    expect(taskIds).toHaveLength(1);
    expect((await tasksClient.getTask(taskIds[0]!)).status).toBe('completed');
    // The same tool for a client without tasks: the work runs inline, the question as multi round-trip.
    const inline = connect({
      handlers: { elicitation: { form: () => ({ action: 'accept', content: { confirm: false } }) } },
    });
    expect(text(await inline.callTool('confirm_delete', { filename: 'notes.txt' }))).toBe('Kept notes.txt');
  });
});
