import { type DiscoverResult, McpError, TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  type EraEvidence,
  type EraSettings,
  type EraStep,
  type EraVerdict,
  nextEraStep,
} from '../src/era.js';

const MODERN = '2026-07-28';
/** The transport kinds the rows run over: an HTTP transport can open HTTP+SSE (B-7), stdio cannot. */
type Kind = 'http' | 'stdio';
const auto = (transport: Kind): EraSettings => ({
  option: 'auto',
  sse: transport === 'http',
  modernVersions: [MODERN],
});
const forced = (option: EraSettings['option'], transport: Kind = 'stdio'): EraSettings => ({
  option,
  sse: transport === 'http',
  modernVersions: [MODERN],
});

const discover = (supportedVersions: string[]): DiscoverResult =>
  ({ supportedVersions, capabilities: {} }) as unknown as DiscoverResult;
const probeResult = (supportedVersions: string[], retried = false): EraEvidence => ({
  step: 'probe',
  outcome: { kind: 'result', result: discover(supportedVersions) },
  retried,
  fromCache: false,
});
const probeError = (code: number, data?: unknown, retried = false): EraEvidence => ({
  step: 'probe',
  outcome: { kind: 'error', error: new McpError(code, `error ${code}`, data) },
  retried,
  fromCache: false,
});
const probeHttp = (status: number): EraEvidence => ({
  step: 'probe',
  outcome: { kind: 'transport', error: new TransportError('bad-response', `HTTP ${status}`, { status }) },
  retried: false,
  fromCache: false,
});
const initialized = (protocolVersion: unknown, fromCache = false): EraEvidence => ({
  step: 'initialize',
  outcome: { kind: 'result', protocolVersion },
  fromCache,
});
const initializeError = (code: number, fromCache = false): EraEvidence => ({
  step: 'initialize',
  outcome: { kind: 'error', error: new McpError(code, `error ${code}`) },
  fromCache,
});
const initializeHttp = (status: number, reason: TransportError['reason'] = 'bad-response'): EraEvidence => ({
  step: 'initialize',
  outcome: { kind: 'transport', error: new TransportError(reason, `HTTP ${status}`, { status }) },
  fromCache: false,
});

const PROBE: EraStep = { kind: 'probe', version: MODERN };
const INITIALIZE: EraStep = { kind: 'initialize', version: '2025-11-25' };
const OPEN_SSE: EraStep = { kind: 'open-sse' };
const connected = (verdict: EraVerdict, version: string): EraStep => ({
  kind: 'connected',
  era: verdict === 'modern' ? 'modern' : 'legacy',
  verdict,
  version,
});

/** [requirement ids, case, settings, evidence, expected step (or just its kind and reason)]. */
const TABLE: [string, string, EraSettings, EraEvidence, EraStep | Partial<EraStep>][] = [
  // Start
  [
    'B-3 T-20',
    'stdio starts with server/discover',
    auto('stdio'),
    { step: 'start', cached: undefined },
    PROBE,
  ],
  ['B-4', 'HTTP starts with a modern request', auto('http'), { step: 'start', cached: undefined }, PROBE],
  [
    'B-6',
    'a cached modern verdict probes (no extra round trip)',
    auto('http'),
    { step: 'start', cached: 'modern' },
    PROBE,
  ],
  [
    'B-6',
    'a cached legacy verdict initializes at once',
    auto('stdio'),
    { step: 'start', cached: 'legacy' },
    INITIALIZE,
  ],
  [
    'B-6 B-7',
    'a cached HTTP+SSE verdict opens the SSE stream',
    auto('http'),
    { step: 'start', cached: 'legacy-sse' },
    OPEN_SSE,
  ],
  [
    'B-6',
    'a cached HTTP+SSE verdict means nothing on stdio',
    auto('stdio'),
    { step: 'start', cached: 'legacy-sse' },
    PROBE,
  ],
  [
    'B-2',
    "era 'legacy' initializes at once",
    forced('legacy'),
    { step: 'start', cached: 'modern' },
    INITIALIZE,
  ],
  [
    'T-23',
    "era 'modern' probes even with a cached legacy verdict",
    forced('modern'),
    { step: 'start', cached: 'legacy' },
    PROBE,
  ],
  // Probe answered
  [
    'T-21',
    'a DiscoverResult is modern',
    auto('stdio'),
    probeResult([MODERN, '2027-01-01']),
    connected('modern', MODERN),
  ],
  [
    'C-11',
    'a DiscoverResult without a common version fails',
    auto('stdio'),
    probeResult(['2027-01-01']),
    { kind: 'failed', reason: 'no-common-version' },
  ],
  [
    'T-21 B-5',
    '-32022 is modern: retry with a supported version',
    auto('http'),
    probeError(-32022, { supported: [MODERN] }),
    PROBE,
  ],
  [
    'B-5',
    '-32022 after the retry is no common version, not a fallback',
    auto('http'),
    probeError(-32022, { supported: [MODERN] }, true),
    { kind: 'failed', reason: 'no-common-version' },
  ],
  [
    'B-5',
    '-32020 is a modern error, never a fallback',
    auto('http'),
    probeError(-32020),
    { kind: 'failed', reason: 'error' },
  ],
  [
    'B-5',
    '-32021 is a modern error, never a fallback',
    auto('stdio'),
    probeError(-32021),
    { kind: 'failed', reason: 'error' },
  ],
  ['T-22', '-32601 falls back', auto('stdio'), probeError(-32601), INITIALIZE],
  ['T-22', '-32602 falls back', auto('stdio'), probeError(-32602), INITIALIZE],
  [
    'T-22',
    '-32000 (v1 SDK "server not initialized") falls back',
    auto('http'),
    probeError(-32000),
    INITIALIZE,
  ],
  ['T-22', 'any other code falls back', auto('stdio'), probeError(12345), INITIALIZE],
  [
    'T-21',
    'silence within the timeout falls back',
    auto('stdio'),
    { step: 'probe', outcome: { kind: 'silence', waitedMs: 10 }, retried: false, fromCache: false },
    INITIALIZE,
  ],
  [
    'T-21',
    'a result that is no DiscoverResult falls back',
    auto('http'),
    { step: 'probe', outcome: { kind: 'malformed', detail: '{}' }, retried: false, fromCache: false },
    INITIALIZE,
  ],
  ['B-4', 'HTTP 400 without a JSON-RPC body falls back', auto('http'), probeHttp(400), INITIALIZE],
  ['B-4', 'HTTP 404 without a JSON-RPC body falls back', auto('http'), probeHttp(404), INITIALIZE],
  ['B-4', 'HTTP 405 without a JSON-RPC body falls back', auto('http'), probeHttp(405), INITIALIZE],
  [
    'B-4',
    'HTTP 500 is a failure, not an era',
    auto('http'),
    probeHttp(500),
    { kind: 'failed', reason: 'error' },
  ],
  [
    'C-55',
    'a lost connection is a failure, not an era',
    auto('stdio'),
    {
      step: 'probe',
      outcome: { kind: 'transport', error: new TransportError('connection-lost', 'gone') },
      retried: false,
      fromCache: false,
    },
    { kind: 'failed', reason: 'error' },
  ],
  [
    'T-23',
    "era 'modern' reports a legacy server instead of falling back",
    forced('modern'),
    probeError(-32601),
    { kind: 'failed', reason: 'legacy-server' },
  ],
  // initialize answered
  [
    'B-9',
    'initialize answered with our version connects in it',
    auto('stdio'),
    initialized('2025-11-25'),
    connected('legacy', '2025-11-25'),
  ],
  [
    'B-9',
    'initialize answered with an older version we speak connects in it',
    auto('http'),
    initialized('2025-03-26'),
    connected('legacy', '2025-03-26'),
  ],
  [
    'B-9',
    'initialize answered with a version we do not speak fails',
    auto('stdio'),
    initialized('2023-01-01'),
    { kind: 'failed', reason: 'no-common-version' },
  ],
  [
    'B-9',
    'initialize answered without a version fails',
    auto('stdio'),
    initialized(undefined),
    { kind: 'failed', reason: 'no-common-version' },
  ],
  [
    'B-6',
    'a modern error to a cached-verdict initialize re-probes',
    auto('http'),
    initializeError(-32022, true),
    PROBE,
  ],
  [
    'B-5',
    'a modern error to initialize after a probe is a modern server',
    auto('http'),
    initializeError(-32022),
    { kind: 'failed', reason: 'modern-server' },
  ],
  [
    'B-5',
    "a modern error to a forced 'legacy' initialize is a modern server",
    forced('legacy'),
    initializeError(-32020, true),
    { kind: 'failed', reason: 'modern-server' },
  ],
  [
    'B-9',
    'another error to initialize fails',
    auto('stdio'),
    initializeError(-32603),
    { kind: 'failed', reason: 'error' },
  ],
  [
    'B-9',
    'silence to initialize fails',
    auto('stdio'),
    { step: 'initialize', outcome: { kind: 'silence', waitedMs: 10 }, fromCache: false },
    { kind: 'failed', reason: 'error' },
  ],
  ['B-7', 'HTTP 404 to the initialize POST tries HTTP+SSE', auto('http'), initializeHttp(404), OPEN_SSE],
  ['B-7', 'HTTP 405 to the initialize POST tries HTTP+SSE', auto('http'), initializeHttp(405), OPEN_SSE],
  ['B-7', 'HTTP 400 to the initialize POST tries HTTP+SSE', auto('http'), initializeHttp(400), OPEN_SSE],
  [
    'B-7',
    'HTTP 500 to the initialize POST fails',
    auto('http'),
    initializeHttp(500),
    { kind: 'failed', reason: 'error' },
  ],
  [
    'B-7',
    'a lost connection to the initialize POST fails',
    auto('http'),
    initializeHttp(0, 'connection-lost'),
    { kind: 'failed', reason: 'error' },
  ],
  [
    'B-7',
    'stdio never tries HTTP+SSE',
    auto('stdio'),
    initializeHttp(404),
    { kind: 'failed', reason: 'error' },
  ],
  // GET for the SSE endpoint answered
  [
    'B-7',
    'an endpoint event runs initialize over HTTP+SSE',
    auto('http'),
    { step: 'sse-endpoint', found: true, detail: '', fromCache: false },
    INITIALIZE,
  ],
  [
    'B-7',
    'no endpoint event fails',
    auto('http'),
    { step: 'sse-endpoint', found: false, detail: 'HTTP 405', fromCache: false },
    { kind: 'failed', reason: 'error' },
  ],
  [
    'B-6 B-7',
    'no endpoint event on a cached HTTP+SSE verdict probes again',
    auto('http'),
    { step: 'sse-endpoint', found: false, detail: 'HTTP 404', fromCache: true },
    PROBE,
  ],
  [
    'B-7 T-23',
    "era 'legacy' does not probe when a cached HTTP+SSE endpoint is gone",
    forced('legacy', 'http'),
    { step: 'sse-endpoint', found: false, detail: 'HTTP 404', fromCache: true },
    { kind: 'failed', reason: 'error' },
  ],
  // initialize over HTTP+SSE answered
  [
    'B-7 B-9',
    'initialize answered over HTTP+SSE connects in the HTTP+SSE era with the negotiated version',
    auto('http'),
    { ...initialized('2024-11-05'), overSse: true } as EraEvidence,
    connected('legacy-sse', '2024-11-05'),
  ],
  [
    'B-7 B-10',
    'a 2025 version negotiated over HTTP+SSE is kept',
    auto('http'),
    { ...initialized('2025-06-18'), overSse: true } as EraEvidence,
    connected('legacy-sse', '2025-06-18'),
  ],
  [
    'B-7',
    'an HTTP 404 to initialize over HTTP+SSE fails without another fallback',
    auto('http'),
    { ...initializeHttp(404), overSse: true } as EraEvidence,
    { kind: 'failed', reason: 'error' },
  ],
  [
    'B-6 B-7',
    'initialize refused over HTTP+SSE on a cached verdict probes again',
    auto('http'),
    { ...initializeError(-32601, true), overSse: true } as EraEvidence,
    PROBE,
  ],
];

describe('nextEraStep: the era decision table', () => {
  it.each(TABLE)('%s: %s', (_ids, _name, settings, evidence, expected) => {
    expect(nextEraStep(settings, evidence)).toMatchObject(expected);
  });

  it('B-9: initialize offers the newest legacy version the client speaks', () => {
    const settings: EraSettings = { ...auto('stdio'), legacyVersions: ['2025-06-18', '2025-03-26'] };
    expect(nextEraStep(settings, { step: 'start', cached: 'legacy' })).toEqual({
      kind: 'initialize',
      version: '2025-06-18',
    });
    expect(nextEraStep(settings, initialized('2025-11-25'))).toMatchObject({ kind: 'failed' });
  });

  it('C-10: the probe retries with the version the server supports', () => {
    const settings: EraSettings = { ...auto('http'), modernVersions: ['2027-01-01', MODERN] };
    expect(nextEraStep(settings, probeError(-32022, { supported: [MODERN] }))).toEqual({
      kind: 'probe',
      version: MODERN,
    });
  });

  it('T-23: a legacy-server failure carries the probe error as its cause', () => {
    const step = nextEraStep(forced('modern'), probeError(-32601));
    expect(step).toMatchObject({ kind: 'failed', reason: 'legacy-server' });
    expect((step as { cause?: McpError }).cause?.code).toBe(-32601);
  });
});
