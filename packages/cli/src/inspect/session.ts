import { type CompleteRequestParams, followTasks } from '@mcpkit/client';
import type { HttpAuthProvider } from '@mcpkit/transport-http';
import { allTools } from '../commands/tools.js';
import { type Connection, connect, type Target } from '../target.js';
import { InspectorAuthorization } from './authorization.js';
import { type ConnectionChoice, choiceProblem, eraSettings } from './choice.js';
import type { EventHub } from './events.js';
import { Listening } from './listening.js';
import { OutputSchemas } from './output-check.js';
import { Questions } from './questions.js';
import { recordingFetch, recordTransport } from './recorder.js';
import { callFollowingTask } from './tasks.js';

/** How the inspector reaches its one server, fixed at launch. */
export interface InspectTarget {
  target: Target;
  headers?: Record<string, string>;
  /** The era and HTTP transport to connect with first; the page may choose others. */
  choice: ConnectionChoice;
  timeoutMs?: number;
}

type Params = Record<string, unknown>;

/** What the page may ask the server, by name: reads and calls, never anything that starts a process. */
type Operation = (connection: Connection, params: Params, session: InspectorSession) => Promise<unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};

const OPERATIONS: Readonly<Record<string, Operation>> = {
  'tools/list': async ({ client }, _params, session) => {
    const tools = await allTools(() => client.iterateTools());
    session.outputSchemas.learn(tools);
    return { tools };
  },
  'tools/call': async ({ client }, params, session) => {
    const name = text(params.name);
    const result = (await callFollowingTask(client, session.hub, {
      name,
      arguments: record(params.arguments),
      call: params.call,
    })) as { isError?: boolean; structuredContent?: unknown };
    return { result, outputCheck: session.outputSchemas.check(name, result) };
  },
  'tasks/get': ({ client }, params) => client.getTask(text(params.taskId)),
  'tasks/cancel': async ({ client }, params) => {
    await client.cancelTask(text(params.taskId));
    return {};
  },
  'resources/list': async ({ client }) => {
    const resources = [];
    for await (const resource of client.iterateResources()) resources.push(resource);
    return { resources };
  },
  'resources/templates/list': async ({ client }) => {
    const resourceTemplates = [];
    for await (const template of client.iterateResourceTemplates()) resourceTemplates.push(template);
    return { resourceTemplates };
  },
  'resources/read': ({ client }, params) => client.readResource(text(params.uri)),
  'resources/subscribe': async (_connection, params, session) =>
    session.listening.subscribe(text(params.uri), params.subscribe !== false),
  'completion/complete': ({ client }, params) =>
    client.complete({
      ref: record(params.ref) as unknown as CompleteRequestParams['ref'],
      argument: { name: text(record(params.argument).name), value: text(record(params.argument).value) },
      ...(params.context === undefined ? {} : { context: record(params.context) }),
    }),
  'prompts/list': async ({ client }) => {
    const prompts = [];
    for await (const prompt of client.iteratePrompts()) prompts.push(prompt);
    return { prompts };
  },
  'prompts/get': ({ client }, params) =>
    client.getPrompt(text(params.name), record(params.arguments) as Record<string, string>),
};

/** Whether `name` is something the page may ask for. */
export function isOperation(name: string): boolean {
  return Object.hasOwn(OPERATIONS, name);
}

/**
 * The inspector's one connection to its server: connects (and reconnects on request) with every
 * message, HTTP exchange, log, list change and question told to the event hub.
 */
export class InspectorSession {
  readonly hub: EventHub;
  readonly questions: Questions;
  readonly authorization: InspectorAuthorization;
  readonly listening: Listening;
  readonly outputSchemas = new OutputSchemas();
  readonly #launch: InspectTarget;
  #choice: ConnectionChoice;
  #authProvider: HttpAuthProvider | undefined;
  #connection: Promise<Connection> | undefined;

  constructor(launch: InspectTarget, hub: EventHub) {
    this.#launch = launch;
    this.#choice = launch.choice;
    this.hub = hub;
    this.questions = new Questions(hub);
    this.authorization = new InspectorAuthorization(hub);
    this.listening = new Listening(hub);
  }

  /**
   * Runs the OAuth flow with the redirect to `redirectUrl` (the inspector's callback), then connects
   * with its tokens. Only a server over HTTP has an authorization server.
   */
  async authorize(redirectUrl: string): Promise<Connection> {
    const { target } = this.#launch;
    if (target.kind !== 'http')
      throw new Error('only a server over HTTP can be authorized: this one runs over stdio');
    this.#authProvider = await this.authorization.run(target.url, redirectUrl);
    return this.reconnect();
  }

  /** Where the server is, for the page's header: its URL or its command line. */
  describeTarget(): string {
    const { target } = this.#launch;
    return target.kind === 'http' ? target.url : [target.command, ...target.args].join(' ');
  }

  /** How the page's connection form starts: the target's kind and the current choice. */
  describeConnection(): { kind: 'http' | 'stdio' } & ConnectionChoice {
    return { kind: this.#launch.target.kind, ...this.#choice };
  }

  /**
   * Connects (closing the connection there was), with `choice` from now on when one is given; the
   * outcome is also a `status` event. A choice that cannot reach this server fails at once.
   */
  async reconnect(choice: ConnectionChoice = this.#choice): Promise<Connection> {
    const { target, headers, timeoutMs } = this.#launch;
    await this.close();
    const problem = choiceProblem(choice, target.kind === 'http');
    if (problem !== undefined) {
      this.hub.emit('status', { state: 'failed', error: problem });
      throw new Error(problem);
    }
    this.#choice = choice;
    this.hub.emit('status', { state: 'connecting', target: this.describeTarget(), choice });
    const url = target.kind === 'http' ? target.url : undefined;
    const { era, eraVerdicts } = eraSettings(choice, url);
    const connecting = connect(target, {
      handlers: this.questions.handlers(),
      wrapTransport: (transport) => recordTransport(transport, this.hub),
      onWarning: (warning) => this.hub.emit('log', { warning }),
      // Everything the server logs: the inspector is for looking.
      logLevel: 'debug',
      onLog: (message) => this.hub.emit('log', { message }),
      tasks: followTasks(),
      // The inspector checks structured content itself, to show a result that breaks its schema.
      validateStructuredContent: false,
      ...(target.kind === 'http' ? { fetch: recordingFetch(this.hub) } : {}),
      ...(this.#authProvider === undefined ? {} : { authProvider: this.#authProvider }),
      ...(headers === undefined ? {} : { headers }),
      era,
      ...(eraVerdicts === undefined ? {} : { eraVerdicts }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    this.#connection = connecting.then(async (connection) => {
      if (eraVerdicts === undefined || eraVerdicts.get(url!) === 'legacy-sse') return connection;
      await connection.client.close();
      throw new Error(
        `${url} does not serve HTTP+SSE: its GET opened no event stream with an endpoint. Choose Streamable HTTP to connect to it.`,
      );
    });
    try {
      const connection = await this.#connection;
      this.hub.emit('status', { state: 'connected', server: connection.server });
      this.listening.start(connection);
      return connection;
    } catch (error) {
      this.#connection = undefined;
      this.hub.emit('status', {
        state: 'failed',
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }

  /** Runs operation `name` with `params` from the page on the current connection. */
  async run(name: string, params: Params): Promise<unknown> {
    const connection = await (this.#connection ?? this.reconnect());
    return OPERATIONS[name]!(connection, params, this);
  }

  /** Ends the connection, if any. */
  async close(): Promise<void> {
    this.listening.stop();
    const connection = this.#connection;
    this.#connection = undefined;
    if (connection === undefined) return;
    await connection.then(
      ({ client }) => client.close(),
      () => {},
    );
  }
}
