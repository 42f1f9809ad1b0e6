import type { ClientTransport } from '@mcpkit/protocol';
import { chooseFetchSender } from './fetch-engine.js';
import { openHttpClientTransport } from './http-client-transport.js';
import { lazyHttpLegacyWire } from './lazy-legacy-wire.js';
import type { HttpClientTransportOptions } from './transport-options.js';

/** `createHttpClientTransport` of the build for browsers and workers: it sends through `fetch` only. */
export function createHttpClientTransport(
  url: string | URL,
  options: HttpClientTransportOptions = {},
): ClientTransport {
  return openHttpClientTransport(
    url,
    options,
    chooseFetchSender(options.engine, options.fetch),
    lazyHttpLegacyWire,
  );
}
