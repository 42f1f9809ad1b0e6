import { checkEngineOption, globalFetchSender, noNodeEngine } from './fetch-engine.js';
import { type BufferModule, type HttpModule, nodeSender } from './node-sender.js';
import { nodeBuiltins } from './runtime.js';
import type { Fetch, HttpSender } from './sender.js';
import type { HttpEngine } from './transport-options.js';

/** The sender for the transport's options: see `HttpClientTransportOptions.engine`. */
export function chooseSender(engine: HttpEngine | undefined, fetchOption: Fetch | undefined): HttpSender {
  checkEngineOption(engine, fetchOption);
  const builtin = engine === 'fetch' || fetchOption !== undefined ? undefined : nodeBuiltins();
  if (engine === 'node' && builtin === undefined) throw noNodeEngine();
  if (builtin === undefined) return globalFetchSender(fetchOption);
  return nodeSender({
    http: builtin('node:http') as HttpModule,
    https: () => builtin('node:https') as HttpModule,
    Buffer: (builtin('node:buffer') as { Buffer: BufferModule }).Buffer,
  });
}
