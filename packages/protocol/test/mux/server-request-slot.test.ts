import { describe, expect, it } from 'vitest';
import type { ServerRequestContext } from '../../src/contracts.js';
import { ServerRequestSlot } from '../../src/mux/server-request-slot.js';

const ping = { jsonrpc: '2.0' as const, id: 7, method: 'ping' };

describe('ServerRequestSlot', () => {
  it('B-13: without a handler, respond is undefined and respondOrRefuse answers -32601 with the id', async () => {
    const slot = new ServerRequestSlot();
    expect(slot.respond(ping)).toBeUndefined();
    expect(await slot.respondOrRefuse(ping)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'No handler for ping' },
    });
  });

  it("the handler's signal aborts with the lifetime it was given; removing the handler restores the refusal", async () => {
    const lifetime = new AbortController();
    const slot = new ServerRequestSlot(lifetime.signal);
    let seen: ServerRequestContext | undefined;
    const remove = slot.set(async (request, context) => {
      seen = context;
      return { jsonrpc: '2.0', id: request.id, result: {} };
    });
    const related = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call' };
    expect(await slot.respondOrRefuse(ping, related)).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    expect(seen?.related).toBe(related);
    expect(seen?.signal.aborted).toBe(false);
    lifetime.abort();
    expect(seen?.signal.aborted).toBe(true);
    expect(slot.closed).toBe(true);
    remove();
    expect(slot.respond(ping)).toBeUndefined();
  });

  it('answer hands the answer on only while the slot is open', async () => {
    const slot = new ServerRequestSlot();
    slot.set(async (request) => ({ jsonrpc: '2.0', id: request.id, result: {} }));
    const sent: unknown[] = [];
    expect(slot.answer(ping, (response) => sent.push(response))).toBe(true);
    slot.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });
});
