import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { echo, request } from './helpers/endpoints.js';
import { handlerFor, URL_BASE } from './helpers/http.js';

const STATUSES = new Set([200, 202, 400, 403, 404, 405, 406, 413, 415]);
const handler = handlerFor(echo, { maxBodyBytes: 512 });

const headerValue = fc.oneof(
  fc.constantFrom(
    'application/json',
    'text/event-stream',
    '*/*',
    'text/html',
    'localhost:1',
    'http://localhost',
    'null',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 }),
);
const headers = fc.dictionary(
  fc.constantFrom(
    'accept',
    'content-type',
    'origin',
    'host',
    'mcp-method',
    'mcp-session-id',
    'content-length',
  ),
  headerValue,
  { maxKeys: 5 },
);
const body = fc.oneof(
  fc.uint8Array({ maxLength: 700 }),
  fc.json({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constant(JSON.stringify(request(1))),
  fc
    .record({
      jsonrpc: fc.constant('2.0'),
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      method: fc.string(),
    })
    .map((m) => JSON.stringify(m)),
);

let reached = 0;

describe('fuzz: the HTTP layer never crashes', () => {
  it('any method, headers and body get a well-formed answer with a known status', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE', 'OPTIONS'),
        headers,
        body,
        async (method, h, b) => {
          let init: RequestInit = { method, headers: h };
          if (method === 'POST') init = { ...init, body: b };
          let request: Request;
          try {
            request = new Request(URL_BASE, init);
          } catch {
            return; // a header value the Request constructor refuses never reaches a server
          }
          reached += 1;
          const response = await handler(request);
          const isPreflight = method === 'OPTIONS' && response.status === 204;
          expect(STATUSES.has(response.status) || isPreflight).toBe(true);
          const text = await response.text();
          if (response.headers.get('content-type') === 'application/json') {
            const message = JSON.parse(text);
            expect(message.jsonrpc).toBe('2.0');
          }
        },
      ),
      { numRuns: 400 },
    );
    // Most cases must get past the Request constructor, or the property tests little.
    expect(reached).toBeGreaterThan(300);
  });
});
