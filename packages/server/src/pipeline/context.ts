import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
  Method,
  ProgressToken,
  RequestContext,
  RequestId,
  RequestMetaFields,
} from '@mcpkit/protocol';
import { LOGGING_LEVELS } from '@mcpkit/protocol/internal';
import type { ExchangeStream } from './exchange.js';

/** What every handler and middleware knows about the request it serves. */
export interface McpRequestInfo {
  readonly requestId: RequestId;
  readonly method: Method;
  readonly protocolVersion: string;
  /** The client capabilities declared on this request, and only these count (S-3, P-42). */
  readonly clientCapabilities: ClientCapabilities;
  /** Self-reported and unverified: never base security decisions on it (P-38). */
  readonly clientInfo: Implementation | undefined;
  /** Set by the transport's authentication hook. */
  readonly auth: AuthInfo | undefined;
  readonly transport: RequestContext['transport'];
  /** Aborts when the client cancels the request or goes away (S-62). */
  readonly signal: AbortSignal;
  /** The request's raw `_meta` (trace context, extension keys). */
  readonly meta: Readonly<Record<string, unknown>>;
}

/**
 * Sends `notifications/message` on the request's own stream (deprecated Logging feature). Silent
 * unless the request set `_meta["io.modelcontextprotocol/logLevel"]` and the server declared the
 * `logging` capability; then only at or above that level (S-67..S-70). Never log credentials or
 * personal data (S-72).
 */
export interface Logger {
  log(level: LoggingLevel, data: unknown, logger?: string): void;
  debug(data: unknown, logger?: string): void;
  info(data: unknown, logger?: string): void;
  notice(data: unknown, logger?: string): void;
  warning(data: unknown, logger?: string): void;
  error(data: unknown, logger?: string): void;
  critical(data: unknown, logger?: string): void;
  alert(data: unknown, logger?: string): void;
  emergency(data: unknown, logger?: string): void;
}

/** The context of a handler: the request, progress and logging. */
export interface HandlerContext extends McpRequestInfo {
  /**
   * Reports progress with `notifications/progress`, only when the request carried a
   * `progressToken` (S-66). A value that is not a finite number or does not increase on the last
   * one sent is dropped (P-80), as is anything after the response; a `total` that is not a finite
   * number is left out, as for an unknown total.
   */
  progress(progress: number, total?: number, message?: string): void;
  readonly log: Logger;
}

const LEVELS: readonly LoggingLevel[] = LOGGING_LEVELS;

function makeLogger(send: (level: LoggingLevel, data: unknown, logger?: string) => void): Logger {
  return {
    log: send,
    debug: (data, logger) => send('debug', data, logger),
    info: (data, logger) => send('info', data, logger),
    notice: (data, logger) => send('notice', data, logger),
    warning: (data, logger) => send('warning', data, logger),
    error: (data, logger) => send('error', data, logger),
    critical: (data, logger) => send('critical', data, logger),
    alert: (data, logger) => send('alert', data, logger),
    emergency: (data, logger) => send('emergency', data, logger),
  };
}

/** The logger of a handler whose messages go nowhere. */
export const SILENT_LOGGER: Logger = makeLogger(() => {});

/**
 * The logger of handlers on a server that did not declare `logging`: their messages go nowhere
 * (S-68), and the first one makes `warn` say why, once.
 */
export function undeclaredLogger(warn: (problem: Error) => void): Logger {
  let warned = false;
  return makeLogger((level) => {
    if (warned) return;
    warned = true;
    warn(
      new Error(
        `A handler logged (ctx.log.${level}) on a server that did not declare the logging capability, ` +
          'so its messages are dropped. Declare it to send them: ' +
          'new McpServer(info, { capabilities: { logging: {} } }).',
      ),
    );
  });
}

/** What `RequestIdentity` takes from the request's `_meta` fields. */
type ClientFields = Pick<McpRequestInfo, 'protocolVersion' | 'clientCapabilities'> & {
  readonly clientInfo?: Implementation | undefined;
};

/**
 * Who sent a request, and how: the fields of `McpRequestInfo` that every context made for the
 * request shares (the request's own, and that of work it runs as a task), copied once into it.
 */
export class RequestIdentity implements Omit<McpRequestInfo, 'signal'> {
  readonly requestId: RequestId;
  readonly method: Method;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  readonly auth: AuthInfo | undefined;
  readonly transport: RequestContext['transport'];
  readonly meta: Readonly<Record<string, unknown>>;

  constructor(
    requestId: RequestId,
    method: Method,
    fields: ClientFields,
    meta: Readonly<Record<string, unknown>>,
    context: Pick<RequestContext, 'auth' | 'transport'>,
  ) {
    this.requestId = requestId;
    this.method = method;
    this.protocolVersion = fields.protocolVersion;
    this.clientCapabilities = fields.clientCapabilities;
    this.clientInfo = fields.clientInfo;
    this.auth = context.auth;
    this.transport = context.transport;
    this.meta = meta;
  }
}

/** A request's stream, which holds the transport's context of the request. */
type RequestStream = ExchangeStream & { readonly context: RequestContext };

/**
 * The per-request state behind `HandlerContext`. It keeps no `#` field: a class with one runs an
 * initializer of its own at every construction (and V8 then looks up the constructor to run for
 * the default one of `InputScope` at every construction too).
 */
export class RequestScope extends RequestIdentity implements HandlerContext {
  private readonly progressToken: ProgressToken | undefined;
  private readonly logLevel: LoggingLevel | undefined;
  private lastProgress = Number.NEGATIVE_INFINITY;
  private logger: Logger | undefined;

  constructor(
    readonly stream: RequestStream,
    requestId: RequestId,
    method: Method,
    fields: RequestMetaFields,
    meta: Record<string, unknown>,
    context: RequestContext,
    /** Where messages go when none is sent: `SILENT_LOGGER`, or the server's `undeclaredLogger`. */
    private readonly unsent: Logger,
  ) {
    super(requestId, method, fields, meta, context);
    this.progressToken = fields.progressToken;
    this.logLevel = unsent === SILENT_LOGGER ? fields.logLevel : undefined;
  }

  /** Read on demand: transports create the signal only when someone asks for it. */
  get signal(): AbortSignal {
    return this.stream.context.signal;
  }

  progress(progress: number, total?: number, message?: string): void {
    if (this.progressToken === undefined || !Number.isFinite(progress) || progress <= this.lastProgress)
      return;
    this.lastProgress = progress;
    const params: Record<string, unknown> = { progressToken: this.progressToken, progress };
    if (Number.isFinite(total)) params.total = total;
    if (message !== undefined) params.message = message;
    this.stream.push({ jsonrpc: '2.0', method: 'notifications/progress', params });
  }

  get log(): Logger {
    if (this.logLevel === undefined) return this.unsent;
    this.logger ??= this.makeRequestLogger(LEVELS.indexOf(this.logLevel));
    return this.logger;
  }

  private makeRequestLogger(threshold: number): Logger {
    return makeLogger((level, data, logger) => {
      if (LEVELS.indexOf(level) < threshold) return;
      const params: Record<string, unknown> = { level, data };
      if (logger !== undefined) params.logger = logger;
      this.stream.push({ jsonrpc: '2.0', method: 'notifications/message', params });
    });
  }
}
