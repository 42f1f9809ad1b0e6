import { describe, expect, it } from 'vitest';
import { loadClientSchemas } from '../src/client-schema-loader.js';
import { decodeLegacyResult } from '../src/legacy/decode.js';
import type { Method } from '../src/methods.js';
import { decodeResult } from '../src/results.js';

// The client's decoders (shape table, no zod) answer as the schema set's (zod) do: verdict, the
// failing path the message names, and rule, on the cases the client meets. The message then says
// what was expected there, where zod's mini build says only "Invalid input".

function outcome(decoded: { ok: boolean; error?: { message: string }; rule?: string }) {
  if (decoded.ok) return { ok: true };
  const message = decoded.error!.message;
  return { ok: false, where: message.slice(0, message.indexOf(': ')), rule: decoded.rule };
}

const cases: Array<[Method, unknown]> = [
  ['tools/call', { content: [{ type: 'text', text: 1 }] }],
  ['tools/call', { content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], isError: false }],
  ['tools/call', { resultType: 'input_required', requestState: 's' }],
  ['tools/call', { resultType: 'input_required' }],
  ['tools/call', { resultType: 'input_required', inputRequests: { a: { method: 'nope' } } }],
  ['prompts/get', { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }],
  ['prompts/get', { messages: [{ role: 'robot', content: { type: 'text', text: 'hi' } }] }],
  ['resources/read', { contents: [{ uri: 'a:b', text: 't' }] }],
  ['completion/complete', { completion: { values: ['a'], total: -1 } }],
  ['tools/list', { tools: [{ name: 't', inputSchema: { type: 'array' } }] }],
  ['server/discover', { supportedVersions: 'x' }],
  ['subscriptions/listen', {}],
];

const shapes = await loadClientSchemas();

describe('client decoders without zod', () => {
  for (const [method, result] of cases) {
    it(`C-15: decodeResult('${method}', ${JSON.stringify(result)}) is the schema set's`, () => {
      const expected = outcome(decodeResult(method, result));
      expect(outcome(shapes.decodeResult(method, result))).toEqual(expected);
    });
  }

  it('B-9: decodeLegacyResult of initialize is the schema set’s', () => {
    const good = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } };
    const bad = { ...good, serverInfo: { name: 's' } };
    for (const result of [good, bad]) {
      expect(outcome(shapes.decodeLegacyResult('initialize', result))).toEqual(
        outcome(decodeLegacyResult('initialize', result)),
      );
    }
    const read = shapes.decodeLegacyResult('initialize', bad);
    expect(read.ok ? '' : read.error.message).toBe(
      'Invalid result.serverInfo.version: Invalid input: expected string, received undefined',
    );
  });
});
