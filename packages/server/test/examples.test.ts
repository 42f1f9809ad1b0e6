import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { elicitation, McpServer, sampling } from '../src/index.js';
import { drain, headersFor, send } from './helpers.js';

const root = fileURLToPath(new URL('./fixtures/examples/', import.meta.url));

function example(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as Record<string, unknown>;
}

/** A response or result without `_meta` (serverInfo), and without the listed opaque fields. */
function withoutMeta(value: unknown, ...opaque: string[]): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const result = (copy.result ?? copy) as Record<string, unknown>;
  delete result._meta;
  for (const field of opaque) delete result[field];
  return copy;
}

const info = { name: 'ExampleServer', version: '1.0.0' };
const icon = (src: string, sizes: string, mimeType: string) => [{ src, mimeType, sizes: [sizes] }];

/** A server registered for the spec examples. */
function exampleServer() {
  const server = new McpServer(info, {
    capabilities: { tools: {}, resources: {} },
    pageSize: 1,
    cache: {
      methods: {
        'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
        'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' },
        'prompts/list': { ttlMs: 600_000, cacheScope: 'public' },
        'resources/list': { ttlMs: 600_000, cacheScope: 'private' },
        'resources/templates/list': { ttlMs: 3_600_000, cacheScope: 'public' },
      },
    },
  });
  server.tool(
    'get_weather',
    {
      title: 'Weather Information Provider',
      description: 'Get current weather information for a location',
      inputSchema: {
        type: 'object',
        properties: { location: { type: 'string', description: 'City name or zip code' } },
        required: ['location'],
      },
      icons: icon('https://example.com/weather-icon.png', '48x48', 'image/png'),
    },
    (args) => ({
      content: [
        {
          type: 'text',
          text: `Current weather in ${args.location}:\nTemperature: 72°F\nConditions: Partly cloudy`,
        },
      ],
      isError: false,
    }),
  );
  server.tool(
    'build_simulation',
    { inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
    (_, ctx) => {
      ctx.progress(50, 100, 'Reticulating splines...');
      return { content: [] };
    },
  );
  server.tool('book_flight', {}, () => ({
    content: [
      { type: 'text', text: 'Invalid departure date: must be in the future. Current date is 08/08/2025.' },
    ],
    isError: true,
  }));
  server.tool('get_weather_data', {}, () => ({
    content: [{ type: 'text', text: '{"temperature": 22.5, "conditions": "Partly cloudy", "humidity": 65}' }],
    structuredContent: { temperature: 22.5, conditions: 'Partly cloudy', humidity: 65 },
  }));
  server.tool('find_users', { outputSchema: { type: 'array', items: { type: 'object' } } }, () => ({
    content: [{ type: 'text', text: 'Found 2 users: Alice (alice@example.com) and Bob (bob@example.com).' }],
    structuredContent: [
      { id: '1', name: 'Alice', email: 'alice@example.com' },
      { id: '2', name: 'Bob', email: 'bob@example.com' },
    ],
  }));
  server.tool('connect_github', {}, async (_, ctx) => {
    await ctx.ask({
      github_login: elicitation({
        message: 'Please provide your GitHub username',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      }),
      capital_of_france: sampling({
        messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
        maxTokens: 100,
      }),
    });
    return { content: [] };
  });
  server.tool('bar', {}, () => ({ content: [] }));
  server.tool('ask_name', {}, async (_, ctx) => {
    await ctx.elicit('name', { message: 'Name?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [] };
  });
  server.prompt(
    'code_review',
    {
      title: 'Request Code Review',
      description: 'Asks the LLM to analyze code quality and suggest improvements',
      arguments: { code: { description: 'The code to review', required: true } },
      icons: icon('https://example.com/review-icon.svg', 'any', 'image/svg+xml'),
      complete: { code: () => ({ values: ['flask'], total: 1, hasMore: false }) },
    },
    ({ code }) => ({
      description: 'Code review prompt',
      messages: [
        { role: 'user', content: { type: 'text', text: `Please review this Python code:\n${code}` } },
      ],
    }),
  );
  server.prompt('second_prompt', {}, () => ({ messages: [] }));
  const mainRs = {
    uri: 'file:///project/src/main.rs',
    mimeType: 'text/x-rust',
    text: 'fn main() {\n    println!("Hello world!");\n}',
  };
  server.resource(
    'file:///project/src/main.rs',
    {
      name: 'main.rs',
      title: 'Rust Software Application Main File',
      description: 'Primary application entry point',
      mimeType: 'text/x-rust',
      icons: icon('https://example.com/rust-file-icon.png', '48x48', 'image/png'),
      cache: { ttlMs: 60_000, cacheScope: 'private' },
    },
    () => ({ contents: [mainRs] }),
  );
  server.resource('file:///project/Cargo.toml', { name: 'Cargo.toml' }, (uri) => ({
    contents: [{ uri, text: '' }],
  }));
  server.resourceTemplate(
    'file:///{path}',
    {
      name: 'Project Files',
      title: 'Project Files',
      description: 'Access files in the project directory',
      mimeType: 'application/octet-stream',
      icons: icon('https://example.com/folder-icon.png', '48x48', 'image/png'),
    },
    (uri) => ({ contents: [{ uri, text: '' }] }),
  );
  return server;
}

/** A `tools/call` with the `_meta` of the spec's example requests. */
function toolCall(id: number, name: string, clientCapabilities: object = {}) {
  const { params } = example('DiscoverRequest/server-discover-request.json') as {
    params: { _meta: Record<string, unknown> };
  };
  params._meta['io.modelcontextprotocol/clientCapabilities'] = clientCapabilities;
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { ...params, name } };
}

/** The server of the discover example: tools and resources, nothing else. */
function discoverServer() {
  const server = new McpServer(info, {
    capabilities: { tools: {}, resources: {} },
    cache: { methods: { 'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' } } },
  });
  server.tool('get_weather', {}, () => ({ content: [] }));
  server.resource('file:///project/src/main.rs', { name: 'main.rs' }, (uri) => ({
    contents: [{ uri, text: '' }],
  }));
  return server;
}

/** The code_review prompt completes `language` in the example; here the prompt's argument is `code`. */
function completionRequest() {
  const request = example('CompleteRequest/completion-request.json') as {
    params: { argument: { name: string } };
  };
  request.params.argument.name = 'code';
  return request;
}

describe('spec examples reproduced by a registered server (_meta aside)', () => {
  it('DiscoverRequest → DiscoverResultResponse', async () => {
    const outcome = await send(discoverServer(), example('DiscoverRequest/server-discover-request.json'));
    expect(withoutMeta(outcome.response)).toEqual(
      withoutMeta(example('DiscoverResultResponse/discover-result-response.json')),
    );
    expect(outcome.result?._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': info });
  });

  it.each([
    [
      'ListToolsRequest/list-tools-request.json',
      'ListToolsResultResponse/list-tools-result-response.json',
      ['nextCursor'],
    ],
    ['CallToolRequest/call-tool-request.json', 'CallToolResultResponse/call-tool-result-response.json', []],
    [
      'ListPromptsRequest/list-prompts-request.json',
      'ListPromptsResultResponse/list-prompts-result-response.json',
      ['nextCursor'],
    ],
    [
      'GetPromptRequest/get-prompt-request.json',
      'GetPromptResultResponse/get-prompt-result-response.json',
      [],
    ],
    [
      'ListResourcesRequest/list-resources-request.json',
      'ListResourcesResultResponse/list-resources-result-response.json',
      ['nextCursor'],
    ],
    [
      'ListResourceTemplatesRequest/list-resource-templates-request.json',
      'ListResourceTemplatesResultResponse/list-resource-templates-result-response.json',
      [],
    ],
  ])('%s → %s', async (requestFile, responseFile, opaque) => {
    const outcome = await send(exampleServer(), example(requestFile));
    const expected = example(responseFile);
    expect(withoutMeta(outcome.response, ...opaque)).toEqual(withoutMeta(expected, ...opaque));
    for (const field of opaque) expect(typeof outcome.result?.[field]).toBe('string');
    expect(outcome.result?._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': info });
  });

  it('ReadResourceRequest → ReadResourceResultResponse (with ttl; the example without ttl matches its contents)', async () => {
    const request = example('ReadResourceRequest/read-resource-request.json');
    const outcome = await send(exampleServer(), request);
    const withTtl = example('ReadResourceResultResponse/read-resource-result-response-with-ttl.json');
    expect(withoutMeta(outcome.result)).toEqual(withoutMeta(withTtl.result));
    expect(withoutMeta(outcome.response, 'ttlMs', 'cacheScope')).toEqual(
      example('ReadResourceResultResponse/read-resource-result-response.json'),
    );
  });

  it('CompleteRequest → CompleteResultResponse', async () => {
    const outcome = await send(exampleServer(), completionRequest());
    expect(withoutMeta(outcome.response)).toEqual(
      example('CompleteResultResponse/completion-result-response.json'),
    );
  });

  it('SubscriptionsListenRequest → acknowledgement, change notifications, closed response', async () => {
    const listen = example('SubscriptionsListenRequest/listen-for-list-changes.json') as {
      params: { notifications: Record<string, unknown> };
    };
    listen.params.notifications = {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///project/config.json', 'file:///project/src/main.rs'],
    };
    const acknowledged = example('SubscriptionsAcknowledgedNotification/listen-acknowledged.json') as {
      params: { notifications: unknown };
    };
    acknowledged.params.notifications = listen.params.notifications;
    const server = new McpServer(info, {
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
      },
    });
    server.tool('x', {}, () => ({ content: [] }));
    const stream = drain(
      server.handle(listen, { transport: 'memory', signal: new AbortController().signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.tool('y', {}, () => ({ content: [] }));
    server.prompt('p', {}, () => ({ messages: [] }));
    server.resource('file:///new', { name: 'new' }, (uri) => ({ contents: [{ uri, text: '' }] }));
    await server.notifyResourceUpdated('file:///project/src/main.rs');
    await server.close();
    const items = JSON.parse(JSON.stringify(await stream));
    expect(items).toEqual([
      acknowledged,
      example('ToolListChangedNotification/tools-list-changed.json'),
      example('PromptListChangedNotification/prompts-list-changed.json'),
      example('ResourceListChangedNotification/resources-list-changed.json'),
      example('ResourceUpdatedNotification/file-resource-updated-notification.json'),
      expect.objectContaining({ id: 'listen-1' }),
    ]);
    const closed = items.at(-1) as { result: { _meta: Record<string, unknown> } };
    delete closed.result._meta['io.modelcontextprotocol/serverInfo'];
    expect(closed).toEqual(example('SubscriptionsListenResultResponse/listen-closed-response.json'));
  });

  it('HeaderMismatchError: the same message format', async () => {
    const outcome = await send(exampleServer(), toolCall(1, 'bar'), {
      headers: headersFor('tools/call', { 'Mcp-Name': 'foo' }),
    });
    expect(outcome.response).toEqual(example('HeaderMismatchError/header-mismatch.json'));
  });

  it('MissingRequiredClientCapabilityError: elicitation asked of a client without it', async () => {
    const outcome = await send(exampleServer(), toolCall(1, 'ask_name'));
    expect(outcome.response).toEqual(
      example('MissingRequiredClientCapabilityError/missing-elicitation-capability.json'),
    );
  });

  it('UnsupportedProtocolVersionError: code, requested and the versions this server serves', async () => {
    const request = example('DiscoverRequest/server-discover-request.json') as {
      id: unknown;
      params: { _meta: Record<string, unknown> };
    };
    request.id = 1;
    request.params._meta['io.modelcontextprotocol/protocolVersion'] = '1900-01-01';
    const outcome = await send(exampleServer(), request);
    const expected = example('UnsupportedProtocolVersionError/unsupported-version.json') as {
      error: { data: { supported: string[] } };
    };
    // The example server also speaks 2025-11-25 (a legacy layer's business); this one serves 2026-07-28 only.
    expect(outcome.error).toMatchObject({
      code: -32022,
      data: { requested: '1900-01-01', supported: ['2026-07-28'] },
    });
    expect(expected.error.data.supported).toContain('2026-07-28');
  });

  it('CallToolRequestParams with a progress token → ProgressNotification', async () => {
    const params = example('CallToolRequestParams/tool-call-params-with-progress-token.json');
    const outcome = await send(exampleServer(), { jsonrpc: '2.0', id: 9, method: 'tools/call', params });
    expect(outcome.notifications).toEqual([example('ProgressNotification/progress-message.json')]);
  });

  it('InputRequiredResult with elicitation and sampling (requestState is opaque)', async () => {
    const outcome = await send(
      exampleServer(),
      toolCall(2, 'connect_github', { elicitation: {}, sampling: {} }),
    );
    const expected = example(
      'InputRequiredResult/input-required-result-with-elicitation-and-sampling-and-request-state.json',
    );
    expect(withoutMeta(outcome.result, 'requestState')).toEqual(withoutMeta(expected, 'requestState'));
    expect(typeof outcome.result?.requestState).toBe('string');
  });

  it.each([
    ['book_flight', 'CallToolResult/invalid-tool-input-error.json'],
    ['get_weather_data', 'CallToolResult/result-with-structured-content.json'],
    ['find_users', 'CallToolResult/result-with-array-structured-content.json'],
  ])('CallToolResult from %s → %s', async (name, file) => {
    const outcome = await send(exampleServer(), toolCall(3, name));
    expect(withoutMeta(outcome.result)).toEqual(example(file));
  });
});
