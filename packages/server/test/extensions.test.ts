import { describe, expect, it } from 'vitest';
import {
  type ExtensionRequestInfo,
  type McpCall,
  McpError,
  McpServer,
  type ServerExtension,
  type ServerOptions,
  type ToolContext,
} from '../src/index.js';
import { call, meta, request, send } from './helpers.js';
import { LegacyConnection } from './legacy/helpers.js';

const ECHO = 'io.example/echo-ext';

/** The context of a handler on a server with the extension (examples/src/server-extension.ts types it by augmenting ToolContext). */
type EchoContext = ToolContext & { readonly echoPrefix: string };

/** Whether a request declared the extension in its own client capabilities. */
const declares = (request: { clientCapabilities: { extensions?: Record<string, unknown> } }) =>
  request.clientCapabilities.extensions?.[ECHO] !== undefined;

/**
 * A toy extension: one method (`echo/say`, which needs `text` and the extension declared), one
 * capability (its settings) and a tool-context member (`ctx.echoPrefix`) made from its state for
 * the call. Nothing of it is known to the server's core.
 */
function echoExtension(): ServerExtension<string> {
  return {
    id: ECHO,
    settings: { loud: true },
    methods: {
      'echo/say': {
        check(params, request: ExtensionRequestInfo) {
          if (typeof params.text !== 'string')
            throw McpError.invalidParams('echo/say: params.text must be a string');
          if (!declares(request)) {
            throw McpError.missingRequiredClientCapability(
              { extensions: { [ECHO]: {} } } as never,
              `echo/say needs the ${ECHO} extension declared`,
            );
          }
          return params.text;
        },
        run: async (text) => ({ resultType: 'complete', echoed: text }),
      },
    },
    toolCall: ({ request }) => (declares(request) ? '>> ' : undefined),
    toolContext: { echoPrefix: (_ctx, prefix) => prefix ?? '' },
  };
}

function echoServer(options: ServerOptions = {}) {
  const server = new McpServer({ name: 'echo-server', version: '1.0.0' }, { onError: () => {}, ...options });
  server.tool('repeat', { inputSchema: { type: 'object' } }, (args, ctx) => ({
    content: [{ type: 'text', text: `${(ctx as EchoContext).echoPrefix}${JSON.stringify(args)}` }],
  }));
  return server;
}

const withEcho = () => echoServer({ extensions: [echoExtension()] });
const declaring = { extensions: { [ECHO]: {} } };

describe('an extension registered from outside the server core (io.example/echo-ext)', () => {
  it('server/discover advertises its settings under extensions; without it, nothing', async () => {
    const { result } = await call(withEcho(), 'server/discover');
    expect(result?.capabilities).toMatchObject({ extensions: { [ECHO]: { loud: true } } });
    const plain = await call(echoServer(), 'server/discover');
    expect(plain.result?.capabilities).not.toHaveProperty('extensions');
  });

  it('serves its method with the checks it states, and only when it is installed', async () => {
    const said = await send(withEcho(), request('echo/say', { text: 'hi', _meta: meta({}, declaring) }));
    expect(said.result).toMatchObject({ resultType: 'complete', echoed: 'hi' });
    expect(said.result?._meta).toMatchObject({
      'io.modelcontextprotocol/serverInfo': { name: 'echo-server' },
    });

    const noText = await send(withEcho(), request('echo/say', { _meta: meta({}, declaring) }));
    expect(noText.error).toMatchObject({ code: -32602, message: 'echo/say: params.text must be a string' });
    const undeclared = await call(withEcho(), 'echo/say', { text: 'hi' });
    expect(undeclared.error?.code).toBe(-32021);
    expect(undeclared.status).toBe(400);
    const absent = await send(echoServer(), request('echo/say', { text: 'hi', _meta: meta({}, declaring) }));
    expect(absent.error?.code).toBe(-32601);
    expect(absent.status).toBe(404);
  });

  it('its method passes through middleware, after its own checks', async () => {
    const server = withEcho();
    const seen: unknown[] = [];
    server.use(async (mcp: McpCall) => {
      const { _meta, ...params } = mcp.params as Record<string, unknown>;
      const { requestId, protocolVersion, auth, transport } = mcp.context;
      seen.push(`${mcp.method} ${JSON.stringify(params)}`, { requestId, protocolVersion, auth, transport });
      const result = (await mcp.next()) as Record<string, unknown>;
      return { ...result, wrapped: true } as never;
    });
    const auth = { principal: 'ann', scopes: [] };
    const said = await send(server, request('echo/say', { text: 'hi', _meta: meta({}, declaring) }, 7), {
      auth,
    });
    expect(said.result).toMatchObject({ echoed: 'hi', wrapped: true });
    await send(server, request('echo/say', { _meta: meta({}, declaring) }));
    expect(seen).toEqual([
      'echo/say {"text":"hi"}',
      { requestId: 7, protocolVersion: '2026-07-28', auth, transport: 'memory' },
    ]);
  });

  it('a tool handler reads its tool-context member, from its state for the call', async () => {
    const declared = await send(
      withEcho(),
      request('tools/call', { name: 'repeat', arguments: { a: 1 }, _meta: meta({}, declaring) }),
    );
    expect(declared.result?.content).toEqual([{ type: 'text', text: '>> {"a":1}' }]);
    const plain = await call(withEcho(), 'tools/call', { name: 'repeat', arguments: { a: 1 } });
    expect(plain.result?.content).toEqual([{ type: 'text', text: '{"a":1}' }]);
  });

  it('over a 2025 session: the method and the tool-context member work, the capability is not shown', async () => {
    const connection = new LegacyConnection(withEcho());
    // A 2025 client declares what it speaks once, in initialize; its session keeps the extension.
    const init = await connection.initialize('2025-11-25', declaring);
    expect(init.response).toMatchObject({ result: { capabilities: { tools: { listChanged: true } } } });
    expect(JSON.stringify(init.response)).not.toContain(ECHO);
    const said = await connection.request('echo/say', { text: 'old' });
    expect(said.response).toMatchObject({ result: { echoed: 'old' } });
    const { response } = await connection.request('tools/call', { name: 'repeat', arguments: { b: 2 } });
    expect(response).toMatchObject({ result: { content: [{ type: 'text', text: '>> {"b":2}' }] } });

    const undeclared = new LegacyConnection(withEcho());
    await undeclared.initialize();
    const refused = await undeclared.request('echo/say', { text: 'old' });
    expect(refused.response).toMatchObject({
      error: { message: 'echo/say needs the io.example/echo-ext extension declared' },
    });
    const plain = await undeclared.request('tools/call', { name: 'repeat', arguments: { b: 2 } });
    expect(plain.response).toMatchObject({ result: { content: [{ type: 'text', text: '{"b":2}' }] } });
  });

  it('is refused at construction when its id, a method or a context member is taken', () => {
    expect(() => echoServer({ extensions: [echoExtension(), echoExtension()] })).toThrow(
      'extension io.example/echo-ext is given twice',
    );
    const other: ServerExtension = {
      id: 'io.example/other',
      methods: { 'echo/say': { run: async () => ({}) } },
    };
    expect(() => echoServer({ extensions: [echoExtension(), other] })).toThrow(
      'extension io.example/other: method echo/say is already served by extension io.example/echo-ext',
    );
    const clash: ServerExtension = { id: 'io.example/clash', toolContext: { runAsTask: () => 0 } };
    expect(() => echoServer({ extensions: [clash] })).toThrow(
      'extension io.example/clash: the tool context already has a member runAsTask',
    );
    const shadow: ServerExtension = { id: 'io.example/shadow', toolContext: { auth: () => 0 } };
    expect(() => echoServer({ extensions: [shadow] })).toThrow('already has a member auth');
    // Fields the context keeps for itself, not part of its public type, are taken too.
    for (const field of ['stream', 'lastProgress', 'current', 'extensionStates']) {
      const hidden: ServerExtension = { id: 'io.example/hidden', toolContext: { [field]: () => 0 } };
      expect(() => echoServer({ extensions: [hidden] })).toThrow(`already has a member ${field}`);
    }
  });

  it('a result type it does not declare is a server fault; one it declares passes for the requests it allows', async () => {
    const reports: unknown[] = [];
    const odd: ServerExtension = {
      id: 'io.example/odd',
      methods: {
        'odd/one': { run: async () => ({ resultType: 'odd' }) },
        'odd/two': { run: async () => ({ resultType: 'strange' }) },
      },
      resultTypes: { odd: (method) => method === 'odd/one' },
    };
    const server = echoServer({ extensions: [odd], onError: (error) => reports.push(error) });
    expect((await call(server, 'odd/one')).result).toMatchObject({ resultType: 'odd' });
    const two = await call(server, 'odd/two');
    expect(two.error).toMatchObject({ code: -32603 });
    expect(String(reports[0])).toContain('The handler of odd/two returned resultType "strange"');
  });

  it('checkTool refuses a tool config at registration and in an update', () => {
    const strict: ServerExtension = {
      id: 'io.example/strict',
      checkTool(name, config) {
        if (config.description === '') throw new TypeError(`tool ${name}: an empty description`);
      },
    };
    const server = echoServer({ extensions: [strict] });
    expect(() => server.tool('blank', { description: '' }, () => ({ content: [] }))).toThrow(
      'tool blank: an empty description',
    );
    const handle = server.tool('fine', { description: 'Fine' }, () => ({ content: [] }));
    expect(() => handle.update({ description: '' })).toThrow('tool fine: an empty description');
  });

  it("its listen filter field is acknowledged, beside the tasks extension's taskIds", async () => {
    const tagged: ServerExtension = {
      id: 'io.example/tag',
      listenFilter: (requested) => (typeof requested.tag === 'string' ? { tag: requested.tag } : undefined),
    };
    const acknowledged = async (options: ServerOptions, capabilities = {}) => {
      const listen = request('subscriptions/listen', {
        notifications: { toolsListChanged: true, tag: 'x', taskIds: [] },
        _meta: meta({}, capabilities),
      });
      const exchange = echoServer(options).handle(JSON.parse(JSON.stringify(listen)), {
        transport: 'memory',
        signal: new AbortController().signal,
      });
      const first = await exchange[Symbol.asyncIterator]().next();
      return (first.value as { params: { notifications: unknown } }).params.notifications;
    };
    expect(await acknowledged({ extensions: [tagged] })).toEqual({ toolsListChanged: true, tag: 'x' });
    expect(await acknowledged({})).toEqual({ toolsListChanged: true });
    const tasks = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    expect(await acknowledged({ extensions: [tagged], tasks: {} }, tasks)).toEqual({
      toolsListChanged: true,
      tag: 'x',
      taskIds: [],
    });
  });

  it('setup gets the server: its event bus, onError and the scopes of registrations', async () => {
    const events: unknown[] = [];
    const reports: unknown[] = [];
    let scopes: readonly string[] = [];
    const probe: ServerExtension = {
      id: 'io.example/probe',
      setup(host) {
        void host.publish({ type: 'resources/updated', uri: 'probe://set-up' });
        host.onError(new Error('probe'), { level: 'warning' });
        queueMicrotask(() => {
          scopes = host.requiredScopes({ tool: 'repeat' });
        });
      },
    };
    const eventBus = {
      publish: async (event: unknown) => void events.push(event),
      subscribe: () => () => {},
    };
    const server = new McpServer(
      { name: 'probe', version: '1.0.0' },
      { eventBus, extensions: [probe], onError: (error) => reports.push(error) },
    );
    server.tool('repeat', { scopes: ['echo:use'] }, () => ({ content: [] }));
    await Promise.resolve();
    expect(events[0]).toEqual({ type: 'resources/updated', uri: 'probe://set-up' });
    expect(String(reports[0])).toBe('Error: probe');
    expect(scopes).toEqual(['echo:use']);
  });

  it('an extension of the tasks id given without tasks replaces the tasks extension off', async () => {
    const own: ServerExtension = { id: 'io.modelcontextprotocol/tasks', settings: { mine: true } };
    const { result } = await call(echoServer({ extensions: [own] }), 'server/discover');
    expect(result?.capabilities).toMatchObject({
      extensions: { 'io.modelcontextprotocol/tasks': { mine: true } },
    });
    expect(() => echoServer({ extensions: [own], tasks: {} })).toThrow(
      'extension io.modelcontextprotocol/tasks is given twice',
    );
  });
});
