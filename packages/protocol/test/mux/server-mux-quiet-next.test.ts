import { describe, expect, it } from 'vitest';
import type { EndpointItem, ExchangeMessage } from '../../src/contracts.js';
import { ServerMux } from '../../src/mux/server-mux.js';
import { endpointOf, HandingExchange, note, request, response } from '../helpers/handing-exchange.js';

/** A mux whose output logs each write with its `quietNext`, and each `quiet`, in one log. */
function loggedMux(exchange: HandingExchange) {
  const log: string[] = [];
  const write = (item: EndpointItem | ExchangeMessage, quietNext?: boolean) => {
    log.push(`${'response' in item ? 'response' : 'note'} ${quietNext === true}`);
    return undefined;
  };
  const mux = new ServerMux(
    endpointOf(exchange),
    { transport: 'stdio' },
    { write, idle: () => {}, quiet: () => log.push('quiet') },
  );
  return { log, mux };
}

describe('the server mux tells its output which write goes quiet next', () => {
  it('marks the response of the only running exchange, and quiet follows it', () => {
    const exchange = new HandingExchange();
    exchange.items.push(note(1), response);
    const { log, mux } = loggedMux(exchange);
    mux.receive(request);
    expect(log).toEqual(['note false', 'response true', 'quiet']);
  });

  it('does not mark a response while another exchange still runs', () => {
    const first = new HandingExchange();
    const { log, mux } = loggedMux(first);
    mux.receive(request);
    mux.receive({ ...request, id: 2 });
    first.push(response);
    expect(log).toEqual(['response false']);
    expect(mux.running).toBe(1);
  });
});
