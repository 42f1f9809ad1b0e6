import { describe, expect, it, vi } from 'vitest';
import { InMemoryEventBus } from '../src/subscriptions/event-bus.js';
import {
  acknowledgement,
  coversUri,
  honouredFilter,
  listenNotification,
  wantsEvent,
} from '../src/subscriptions/listen-filter.js';

describe('honouredFilter (S-48, Q-18)', () => {
  const all = {
    toolsListChanged: true,
    promptsListChanged: true,
    resourcesListChanged: true,
    resourceSubscriptions: ['x://a', 'x://a'],
  };

  it('keeps what the capabilities can deliver', () => {
    expect(
      honouredFilter(all, {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
      }),
    ).toEqual({
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['x://a'],
    });
  });

  it('leaves out what the server does not support, never refusing it', () => {
    expect(honouredFilter(all, { tools: { listChanged: true }, resources: {} })).toEqual({
      toolsListChanged: true,
    });
    expect(honouredFilter(all, {})).toEqual({});
  });

  it('ignores types requested as false', () => {
    expect(honouredFilter({ toolsListChanged: false }, { tools: { listChanged: true } })).toEqual({});
  });
});

describe('wantsEvent (S-46) and coversUri', () => {
  it('matches list-changed events by type only', () => {
    expect(wantsEvent({ toolsListChanged: true }, { type: 'tools/list_changed' })).toBe(true);
    expect(wantsEvent({ toolsListChanged: true }, { type: 'prompts/list_changed' })).toBe(false);
    expect(wantsEvent({ promptsListChanged: true }, { type: 'prompts/list_changed' })).toBe(true);
    expect(wantsEvent({ resourcesListChanged: true }, { type: 'resources/list_changed' })).toBe(true);
    expect(wantsEvent({}, { type: 'resources/list_changed' })).toBe(false);
  });

  it('matches resource updates for the subscribed URI and its sub-resources', () => {
    const filter = { resourceSubscriptions: ['file:///project', 'x://exact'] };
    expect(wantsEvent(filter, { type: 'resources/updated', uri: 'file:///project/src/a.ts' })).toBe(true);
    expect(wantsEvent(filter, { type: 'resources/updated', uri: 'x://exact' })).toBe(true);
    expect(wantsEvent(filter, { type: 'resources/updated', uri: 'file:///project-other' })).toBe(false);
    expect(wantsEvent({}, { type: 'resources/updated', uri: 'x://exact' })).toBe(false);
    expect(coversUri('file:///dir/', 'file:///dir/a')).toBe(true);
  });
});

describe('listen notifications (S-49)', () => {
  it('tag every notification with the subscription id', () => {
    expect(listenNotification({ type: 'tools/list_changed' }, 'listen-1')).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
    });
    expect(listenNotification({ type: 'resources/updated', uri: 'x://a' }, 7)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 }, uri: 'x://a' },
    });
    expect(acknowledgement({ toolsListChanged: true }, 'l')).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { 'io.modelcontextprotocol/subscriptionId': 'l' },
        notifications: { toolsListChanged: true },
      },
    });
  });
});

describe('InMemoryEventBus', () => {
  it('delivers to every listener; a throwing listener does not stop the others', async () => {
    const onListenerError = vi.fn();
    const bus = new InMemoryEventBus({ onListenerError });
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const stop = bus.subscribe((event) => seen.push(`a:${event.type}`));
    bus.subscribe((event) => seen.push(`b:${event.type}`));
    await bus.publish({ type: 'tools/list_changed' });
    expect(seen).toEqual(['a:tools/list_changed', 'b:tools/list_changed']);
    expect(onListenerError).toHaveBeenCalledWith(expect.any(Error), { type: 'tools/list_changed' });
    stop();
    await bus.publish({ type: 'prompts/list_changed' });
    expect(seen).toEqual(['a:tools/list_changed', 'b:tools/list_changed', 'b:prompts/list_changed']);
  });

  it('the same function subscribed twice is two subscriptions', async () => {
    const bus = new InMemoryEventBus();
    const listener = vi.fn();
    const stopFirst = bus.subscribe(listener);
    bus.subscribe(listener);
    stopFirst();
    await bus.publish({ type: 'tools/list_changed' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
