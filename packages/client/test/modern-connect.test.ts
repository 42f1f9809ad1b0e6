import type { ClientTransport, JSONRPCMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { McpError, TransportError } from '@mcpkit/protocol';
import { MetaKey } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index.js';
import * as modern from '../src/modern.js';
import { discoverResult } from './helpers/mock-server.js';

const MODERN = '2026-07-28';

/** One answer to `server/discover`: a result, a JSON-RPC error, or a transport failure. */
type Answer = { result: unknown } | { error: McpError } | { lost: TransportError };

/** A transport at `peer` that answers each `server/discover` with the next of `answers`. */
function scripted(answers: Answer[], peer: string) {
  const sent: string[] = [];
  const script = [...answers];
  const transport: ClientTransport = {
    peer,
    async *exchange(request: JSONRPCRequest): AsyncIterable<JSONRPCMessage> {
      const meta = request.params?._meta as Record<string, unknown> | undefined;
      sent.push(`${request.method} ${String(meta?.[MetaKey.protocolVersion])}`);
      const answer = script.shift() ?? { error: McpError.methodNotFound(request.method) };
      if ('lost' in answer) throw answer.lost;
      if ('error' in answer) yield { jsonrpc: '2.0', id: request.id, error: answer.error.toJSON() };
      else yield { jsonrpc: '2.0', id: request.id, result: answer.result } as JSONRPCMessage;
    },
    close: async () => {},
  };
  return { transport, sent };
}

/** What connecting did: what was sent, how it ended, and the verdict kept for the server. */
async function connectWith(
  make: (
    transport: ClientTransport,
    verdicts: Map<string, entry.EraVerdict>,
  ) => { connect(): Promise<unknown> },
  answers: Answer[],
  peer: string,
) {
  const { transport, sent } = scripted(answers, peer);
  const verdicts = new Map<string, entry.EraVerdict>([[peer, 'legacy']]);
  const ended = await make(transport, verdicts)
    .connect()
    .then(
      (server) => ({ server }),
      (error: Error) => ({ error: `${error.constructor.name}: ${error.message}` }),
    );
  return { sent, ended, verdict: verdicts.get(peer) };
}

const lost = () => ({ lost: new TransportError('connection-lost', 'the connection dropped') });
const refused = (supported: string[]) => ({
  error: new McpError(-32022, 'unsupported protocol version', { supported, requested: 'x' }),
});

const CASES: [string, Answer[], string][] = [
  ['a 2026-07-28 server', [{ result: discoverResult({ tools: {} }) }], 'http://host/mcp'],
  [
    'C-55: a probe lost in transit, re-sent',
    [lost(), lost(), { result: discoverResult({}) }],
    'http://host/mcp',
  ],
  ['C-55: a probe lost three times', [lost(), lost(), lost()], 'http://host/mcp'],
  [
    'a -32022 naming a version, re-sent with it',
    [refused([MODERN]), { result: discoverResult({}) }],
    'http://host/mcp',
  ],
  ['a -32022 twice: no common version', [refused([MODERN]), refused([MODERN])], 'http://host/mcp'],
  ['a -32022 naming none the client speaks', [refused(['2099-01-01'])], 'http://host/mcp'],
  [
    'T-23: a 2025-era server (-32601)',
    [{ error: McpError.methodNotFound('server/discover') }],
    'http://host/mcp',
  ],
  [
    'B-5: a modern error is never a fallback',
    [{ error: new McpError(-32020, 'header mismatch') }],
    'http://host/mcp',
  ],
  [
    'B-4: an HTTP 404 without a body, at a URL without /mcp',
    [{ lost: new TransportError('bad-response', 'HTTP 404', { status: 404 }) }],
    'http://host/api',
  ],
  ['a result that is no DiscoverResult', [{ result: { nothing: true } }], 'http://host/mcp'],
];

describe('the McpClient of @mcpkit/client/modern connects as McpClient does with era modern', () => {
  for (const [name, answers, peer] of CASES) {
    it(name, async () => {
      const full = await connectWith(
        (transport, eraVerdicts) => new entry.McpClient(transport, { era: 'modern', eraVerdicts }),
        answers,
        peer,
      );
      const ours = await connectWith(
        (transport, eraVerdicts) => new modern.McpClient(transport, { eraVerdicts }),
        answers,
        peer,
      );
      expect(ours).toEqual(full);
      expect(ours.sent[0]).toMatch(/^server\/discover/);
    });
  }
});
