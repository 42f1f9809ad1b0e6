import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, type Instance, open2025, startInstances } from './instances.js';
import { startRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis;
let instances: Instance[];
beforeAll(async () => {
  redis = await startRedis();
  // A resume window shorter than the count below (3 s): a stream followed from another instance must
  // outlive it. Long enough that a loaded machine still resumes within it.
  instances = await startInstances(redis.url, 2, undefined, { resumeWindowMs: 1000 });
});
afterAll(async () => {
  await closeAll(instances ?? []);
  await redis?.stop();
});

interface SseEvent {
  id: string | undefined;
  data: string;
}

/** Reads SSE events from `response` until `stop` says so or the stream ends. */
async function readEvents(response: Response, stop: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      if (!block.startsWith(':')) events.push({ id, data });
      end = buffer.indexOf('\n\n');
    }
    if (stop(events)) break;
  }
  await reader.cancel().catch(() => {});
  return events;
}

const headers = (session: string, extra: Record<string, string> = {}) => ({
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-11-25',
  'mcp-session-id': session,
  ...extra,
});

const progressOf = (events: SseEvent[]) =>
  events
    .filter((event) => event.data.includes('notifications/progress'))
    .map((event) => (JSON.parse(event.data) as { params: { progress: number } }).params.progress);

describe('Last-Event-ID resumption on any instance', () => {
  for (const where of ['the other instance', 'the same instance']) {
    it(`a stream left midway is resumed on ${where}: stored events, then live ones, no gap, no duplicate`, async () => {
      const [a, b] = instances as [Instance, Instance];
      const resumer = where === 'the same instance' ? a : b;
      const session = await open2025(a);
      const body = {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'count', arguments: { n: 30, intervalMs: 100 }, _meta: { progressToken: 'p' } },
      };
      const first = await a.handle(
        new Request('http://cluster/mcp', {
          method: 'POST',
          headers: headers(session),
          body: JSON.stringify(body),
        }),
      );
      expect(first.headers.get('content-type')).toContain('text/event-stream');
      const before = await readEvents(first, (events) => progressOf(events).length >= 5);
      const lastId = before.at(-1)!.id!;
      const resumed = await resumer.handle(
        new Request('http://cluster/mcp', { headers: headers(session, { 'last-event-id': lastId }) }),
      );
      expect(resumed.status).toBe(200);
      const after = await readEvents(resumed, (events) =>
        events.some((event) => event.data.includes('"result"')),
      );
      const progress = [...progressOf(before), ...progressOf(after)];
      expect(progress).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(after.at(-1)?.data).toContain('counted=30');
      const ids = [...before, ...after].map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
    });
  }

  it("an id of another session's stream is 404", async () => {
    const [a, b] = instances as [Instance, Instance];
    const mine = await open2025(a);
    const theirs = await open2025(a);
    const body = {
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'count', arguments: { n: 3, intervalMs: 5 }, _meta: { progressToken: 'q' } },
    };
    const first = await a.handle(
      new Request('http://cluster/mcp', {
        method: 'POST',
        headers: headers(mine),
        body: JSON.stringify(body),
      }),
    );
    const events = await readEvents(first, () => false);
    const resumed = await b.handle(
      new Request('http://cluster/mcp', { headers: headers(theirs, { 'last-event-id': events[0]!.id! }) }),
    );
    expect(resumed.status).toBe(404);
  });

  it('a reconnect following a stream nobody writes any more ends once the stream expired, rather than hang', async () => {
    const short = await startInstances(redis.url, 2, undefined, { resumeWindowMs: 60_000 }, { ttlMs: 300 });
    try {
      const [a, b] = short as [Instance, Instance];
      const session = await open2025(a);
      const body = {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'count', arguments: { n: 2, intervalMs: 3000 }, _meta: { progressToken: 'r' } },
      };
      const first = await a.handle(
        new Request('http://cluster/mcp', {
          method: 'POST',
          headers: headers(session),
          body: JSON.stringify(body),
        }),
      );
      const before = await readEvents(first, (events) => progressOf(events).length >= 1);
      const started = performance.now();
      const resumed = await b.handle(
        new Request('http://cluster/mcp', {
          headers: headers(session, { 'last-event-id': before.at(-1)!.id! }),
        }),
      );
      const after = await readEvents(resumed, () => false);
      expect(performance.now() - started).toBeLessThan(2500);
      expect(after.some((event) => event.data.includes('"result"'))).toBe(false);
    } finally {
      await closeAll(short);
    }
  });
});
