import { describe, expect, it } from 'vitest';
import { type Era, type EraSignals, eraOf, hasModernMeta } from '../../src/legacy/era.js';

const http: EraSignals = {
  carrier: 'http',
  kind: 'request',
  method: 'tools/list',
  modernMeta: false,
  versionHeader: null,
  sessionHeader: null,
  connectionEra: undefined,
  statelessLegacy: false,
};
const connection: EraSignals = { ...http, carrier: 'connection' };

describe('eraOf over HTTP', () => {
  const table: Array<[string, Partial<EraSignals>, Era]> = [
    ['modern _meta', { modernMeta: true }, 'modern'],
    ['modern _meta wins over a session header', { modernMeta: true, sessionHeader: 's' }, 'modern'],
    ['modern _meta on initialize', { method: 'initialize', modernMeta: true }, 'modern'],
    ['a modern MCP-Protocol-Version without _meta', { versionHeader: '2026-07-28' }, 'modern'],
    [
      'a modern header wins over a session header',
      { versionHeader: '2026-07-28', sessionHeader: 's' },
      'modern',
    ],
    ['initialize (B-9)', { method: 'initialize' }, 'legacy'],
    ['initialize with a legacy header', { method: 'initialize', versionHeader: '2025-06-18' }, 'legacy'],
    ['a request of a session', { sessionHeader: 'abc' }, 'legacy'],
    [
      'a notification of a session',
      { kind: 'notification', method: 'notifications/initialized', sessionHeader: 'abc' },
      'legacy',
    ],
    ['a legacy MCP-Protocol-Version', { versionHeader: '2025-11-25' }, 'legacy'],
    ['an unknown MCP-Protocol-Version', { versionHeader: '1999-01-01' }, 'legacy'],
    ['a JSON-RPC response (only legacy clients answer)', { kind: 'response', method: undefined }, 'legacy'],
    ['a bare request', {}, 'modern'],
    ['a bare request in stateless legacy mode (B-12)', { statelessLegacy: true }, 'legacy'],
    ['a bare notification', { kind: 'notification', method: 'notifications/cancelled' }, 'modern'],
    ['an unreadable message', { kind: 'invalid', method: undefined, sessionHeader: 'abc' }, 'modern'],
    ['an unreadable message in stateless legacy mode', { kind: 'invalid', statelessLegacy: true }, 'modern'],
  ];
  for (const [name, signals, era] of table) {
    it(`${name} is ${era}`, () => expect(eraOf({ ...http, ...signals })).toBe(era));
  }
});

describe('eraOf over a connection', () => {
  const table: Array<[string, Partial<EraSignals>, Era]> = [
    ['a first initialize opens a legacy connection (B-9)', { method: 'initialize' }, 'legacy'],
    ['a first initialize with modern _meta is modern', { method: 'initialize', modernMeta: true }, 'modern'],
    ['a first modern request opens a modern connection', { modernMeta: true }, 'modern'],
    ['a first bare request is modern (the engine reports the missing _meta)', {}, 'modern'],
    [
      'a first notification is modern',
      { kind: 'notification', method: 'notifications/initialized' },
      'modern',
    ],
    ['a first response is modern', { kind: 'response', method: undefined }, 'modern'],
    ['later messages follow a legacy connection', { connectionEra: 'legacy', modernMeta: true }, 'legacy'],
    [
      'later messages follow a modern connection',
      { connectionEra: 'modern', method: 'initialize' },
      'modern',
    ],
    ['headers mean nothing on a connection', { versionHeader: '2025-11-25', sessionHeader: 's' }, 'modern'],
  ];
  for (const [name, signals, era] of table) {
    it(`${name}`, () => expect(eraOf({ ...connection, ...signals })).toBe(era));
  }
});

describe('hasModernMeta', () => {
  it('finds the protocol version key in params._meta', () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
    expect(hasModernMeta({ method: 'tools/list', params: { _meta: meta } })).toBe(true);
  });
  it('is false without params, _meta or the key', () => {
    expect(hasModernMeta({ method: 'ping' })).toBe(false);
    expect(hasModernMeta({ method: 'ping', params: null })).toBe(false);
    expect(hasModernMeta({ method: 'ping', params: { _meta: { progressToken: 1 } } })).toBe(false);
    expect(hasModernMeta({ method: 'ping', params: { _meta: 'x' } })).toBe(false);
  });
});
