import { describe, expect, it, vi } from 'vitest';
import { SignalCancellation } from '../src/server/request-cancellation.js';
import { echo, request } from './helpers/endpoints.js';
import { handlerFor, post } from './helpers/http.js';

describe('the fetch handler and Request.signal', () => {
  it('H-34: an exchange that never looks at its signal adds no listener to the request signal', async () => {
    const incoming = post(request(1));
    const addListener = vi.spyOn(incoming.signal, 'addEventListener');
    const response = await handlerFor(echo)(incoming);
    expect(response.status).toBe(200);
    expect(addListener).not.toHaveBeenCalled();
  });

  it('H-2: without a Host header each request is checked against the host of its own URL', async () => {
    const handler = handlerFor(echo);
    const statuses: number[] = [];
    for (const url of [
      'http://localhost:3000/mcp',
      'http://evil.example.com/mcp',
      'http://localhost:3000/mcp',
    ]) {
      statuses.push((await handler(post(request(1), {}, url))).status);
    }
    expect(statuses).toEqual([200, 403, 200]);
  });
});

describe('SignalCancellation', () => {
  it('H-34: reads an abort of the request that came before anyone looked', () => {
    const controller = new AbortController();
    const cancellation = new SignalCancellation(controller.signal);
    const reason = new Error('gone');
    controller.abort(reason);
    expect(cancellation.aborted).toBe(true);
    expect(cancellation.signal.reason).toBe(reason);
  });

  it('H-34: once its signal is read, an abort of the request aborts it with the same reason', () => {
    const controller = new AbortController();
    const cancellation = new SignalCancellation(controller.signal);
    const { signal } = cancellation;
    const heard: unknown[] = [];
    cancellation.onAbort((reason) => heard.push(reason));
    controller.abort('client left');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('client left');
    expect(heard).toEqual(['client left']);
  });

  it('H-34: a listener waiting for the abort hears the request abort without the signal being read', () => {
    const controller = new AbortController();
    const cancellation = new SignalCancellation(controller.signal);
    const heard: unknown[] = [];
    cancellation.onAbort((reason) => heard.push(reason));
    controller.abort();
    expect(heard).toHaveLength(1);
    expect((heard[0] as DOMException).name).toBe('AbortError');
  });

  it('an abort of the request after its exchange is over reaches nothing', () => {
    const controller = new AbortController();
    const cancellation = new SignalCancellation(controller.signal);
    const heard: unknown[] = [];
    cancellation.onAbort((reason) => heard.push(reason));
    cancellation.unfollow();
    controller.abort();
    expect(heard).toEqual([]);
    expect(cancellation.signal.aborted).toBe(false);
  });
});
