import type { JSONRPCNotification, JSONRPCRequest, RequestContext } from '@mcpkit/protocol';
import type { ServerMiddlewareChains } from './chains.js';
import type { ServerErrorHandler } from './error-report.js';
import { ExchangeStream } from './exchange.js';
import { sentNotification } from './hook-contexts.js';

/**
 * The stream of a request's exchange, whose notifications (progress, log messages, what a listen
 * stream tells) pass through the server's send hooks on their way out. Without a send hook, a
 * push costs one check. A hook that calls `next` before it awaits anything keeps notifications
 * in the order they were pushed; one that awaits first delays its notification.
 */
export class HookedExchangeStream extends ExchangeStream {
  // TypeScript's `private`, not `#` fields, as in `ExchangeStream`: a class with `#` fields runs an
  // initializer of its own at every construction, and this one is built for every request.
  private readonly hooks: ServerMiddlewareChains;
  protected readonly request: JSONRPCRequest;
  /** The transport's context of the request (the handler's context reads its signal here). */
  readonly context: RequestContext;
  private readonly report: ServerErrorHandler;

  constructor(
    hooks: ServerMiddlewareChains,
    request: JSONRPCRequest,
    context: RequestContext,
    report: ServerErrorHandler,
  ) {
    super();
    this.hooks = hooks;
    this.request = request;
    this.context = context;
    this.report = report;
  }

  override push(message: JSONRPCNotification | JSONRPCRequest): boolean {
    const chain = this.hooks.send;
    if (chain === undefined || 'id' in message) return super.push(message);
    if (this.closed) return false;
    const ctx = sentNotification(message, this.request, this.context);
    chain(ctx, (sent) => {
      const same = sent.method === message.method && sent.params === ctx.params;
      return Promise.resolve(
        super.push(same ? message : { jsonrpc: '2.0', method: sent.method, params: sent.params }),
      );
    }).catch((error: unknown) => this.report(error, { level: 'warning', method: message.method }));
    return true;
  }
}
