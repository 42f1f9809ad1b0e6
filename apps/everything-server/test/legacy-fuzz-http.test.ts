import { createFetchHandler } from '@mcpkit/transport-http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzTarget, headerText, isJsonRpcMessage, legacyMessage } from './helpers/legacy-fuzz.js';
import { LegacyHttpClient } from './helpers/legacy-http.js';

/**
 * Every status a legacy request may get: a result, an accepted message or a precise refusal (503:
 * the session store is full).
 */
const STATUSES = [200, 202, 204, 400, 404, 405, 406, 409, 413, 415, 503];

const initializeWith = (capabilities: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'fuzz', version: '1' } },
});
const callAsk = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ask', arguments: {} } };
const answer = (id: string, name: string) => ({
  jsonrpc: '2.0',
  id,
  result: { action: 'accept', content: { name } },
});
const cancel = (requestId: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});

/**
 * Reads a streamed body until its first SSE message, its end, or a quiet spell (a `GET` stream
 * may say nothing at all), then lets the stream go.
 */
async function firstSseMessage(response: Response): Promise<Record<string, unknown> | undefined> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    for (;;) {
      const quiet = new Promise<undefined>((resolve) => setTimeout(resolve, 200));
      const read = await Promise.race([reader.read(), quiet]);
      if (read === undefined || read.done) return undefined;
      text += read.value;
      const data = /^data: (.+)$/m.exec(text);
      if (data) return JSON.parse(data[1]!) as Record<string, unknown>;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Reads `reader` until the text read so far contains `needle`; fails if the stream ends first. */
async function readUntil(reader: ReadableStreamDefaultReader<string>, text: string, needle: string) {
  while (!text.includes(needle)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before ${needle}: ${text}`);
    text += value;
  }
  return text;
}

describe('legacy Streamable HTTP entry under fuzzing', () => {
  it('B-11, B-13: arbitrary messages, headers and session ids get a precise status and JSON-RPC error, never touch another session', async () => {
    const { server, store } = fuzzTarget();
    const handler = createFetchHandler(server, { retryMs: 500 });
    const victim = new LegacyHttpClient(handler);
    await victim.initialize({ elicitation: {} });
    const victimId = victim.sessionId!;
    expect(
      (await victim.post({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'error' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await victim.post({
          jsonrpc: '2.0',
          id: 2,
          method: 'resources/subscribe',
          params: { uri: 'test://doc' },
        })
      ).status,
    ).toBe(200);
    const before = structuredClone(await store.get(victimId));
    // The victim's question stays open on its POST stream through the whole run.
    const asking = await victim.post({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'ask', arguments: {} },
    });
    const reader = asking.body!.pipeThrough(new TextDecoderStream()).getReader();
    let streamed = await readUntil(reader, '', 'elicitation/create');
    const questionId = JSON.parse(/^data: (.*elicitation\/create.*)$/m.exec(streamed)![1]!).id as string;

    const fuzzSessions: string[] = [];
    const request = fc.record({
      method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE'),
      session: fc.oneof(fc.constant(undefined), fc.constant('own'), fc.uuid().map(String), headerText),
      version: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('2025-11-25', '2025-03-26', '2026-07-28'),
        headerText,
      ),
      body: fc.oneof(
        legacyMessage([1, 2, 3, questionId]),
        fc.string({ maxLength: 30 }),
      ) as fc.Arbitrary<unknown>,
    });

    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), async (requests) => {
        for (const { method, session, version, body } of requests) {
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          };
          const sessionId = session === 'own' ? fuzzSessions.at(-1) : session;
          if (sessionId !== undefined && sessionId !== victimId) headers['mcp-session-id'] = sessionId;
          if (version !== undefined) headers['mcp-protocol-version'] = version;
          const init: RequestInit = { method, headers };
          if (method === 'POST') init.body = typeof body === 'string' ? body : JSON.stringify(body);
          const response = await handler(new Request('http://127.0.0.1/mcp', init));
          expect(STATUSES).toContain(response.status);
          const opened = response.headers.get('mcp-session-id');
          if (opened !== null) fuzzSessions.push(opened);
          const type = response.headers.get('content-type') ?? '';
          if (type.startsWith('application/json')) {
            const answer = await response.json();
            expect(isJsonRpcMessage(answer)).toBe(true);
            // A refusal is a JSON-RPC error; a 200 may carry either.
            if (response.status >= 400) expect(answer).toHaveProperty('error');
          } else if (type.startsWith('text/event-stream')) {
            const first = await firstSseMessage(response);
            if (first !== undefined) expect(isJsonRpcMessage(first)).toBe(true);
          } else {
            await response.body?.cancel();
          }
        }
      }),
      {
        numRuns: 40,
        // Deterministic attacks besides the random ones: another session, live while its own
        // question waits, answers the victim's question and cancels the victim's request.
        examples: [
          [
            [
              {
                method: 'POST',
                session: undefined,
                version: undefined,
                body: initializeWith({ elicitation: {} }),
              },
              { method: 'POST', session: 'own', version: '2025-11-25', body: callAsk },
              { method: 'POST', session: 'own', version: '2025-11-25', body: answer(questionId, 'mallory') },
              { method: 'POST', session: 'own', version: undefined, body: cancel(3) },
              { method: 'POST', session: undefined, version: undefined, body: answer(questionId, 'eve') },
            ],
          ],
        ],
      },
    );

    // The victim's session is as it was, its question is answered only by its own answer, and the
    // store stayed within its cap.
    expect(await store.get(victimId)).toEqual(before);
    expect(store.size).toBeLessThanOrEqual(64);
    const answered = await victim.post({
      jsonrpc: '2.0',
      id: questionId,
      result: { action: 'accept', content: { name: 'ada' } },
    });
    expect(answered.status).toBe(202);
    streamed = await readUntil(reader, streamed, '"id":3');
    expect(streamed).toContain('"text":"ada"');
    await reader.cancel();
  }, 120_000);
});
