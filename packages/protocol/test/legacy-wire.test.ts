import { describe, expect, it } from 'vitest';
import type * as z from 'zod/v4/mini';
import {
  decodeLegacyParams,
  decodeLegacyResult,
  isLegacyMethod,
  LEGACY_METHODS,
  LegacyClientCapabilitiesSchema,
  LegacyServerCapabilitiesSchema,
  legacyMethods,
  methods,
} from '../src/index.js';
import { loadSchemaJson } from './helpers/fixtures.js';

type Def = {
  anyOf?: { $ref: string }[];
  properties?: Record<string, { const?: string }>;
  required?: string[];
};

const defs2025 = loadSchemaJson('2025-11-25').$defs as Record<string, Def>;

function requestMethods(defs: Record<string, Def>): string[] {
  return (defs.ClientRequest?.anyOf ?? []).map(
    (member) => defs[member.$ref.split('/').pop()!]?.properties?.method?.const as string,
  );
}

/** The keys of a zod object schema behind its `z.lazy` wrapper. */
function shapeKeys(schema: z.ZodMiniType): string[] {
  const inner = (schema as unknown as { _zod: { innerType: z.ZodMiniObject } })._zod.innerType;
  return Object.keys(inner._zod.def.shape).sort();
}

const initialize = {
  protocolVersion: '2025-11-25',
  capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } },
  clientInfo: { name: 'inspector', version: '1.0.0' },
};

describe('the 2025 wire (B-9)', () => {
  it('names the 2025-11-25 client requests that 2026-07-28 dropped, ping and the tasks draft aside', () => {
    const modern = new Set(Object.keys(methods));
    const dropped = requestMethods(defs2025).filter(
      (method) => !modern.has(method) && method !== 'ping' && !method.startsWith('tasks/'),
    );
    expect([...LEGACY_METHODS].sort()).toEqual(dropped.sort());
    expect(Object.keys(legacyMethods).sort()).toEqual([...LEGACY_METHODS].sort());
  });

  it('isLegacyMethod is true for exactly those methods', () => {
    for (const method of LEGACY_METHODS) expect(isLegacyMethod(method)).toBe(true);
    for (const method of [
      'ping',
      'tools/call',
      'server/discover',
      'notifications/initialized',
      'Initialize',
    ]) {
      expect(isLegacyMethod(method)).toBe(false);
    }
  });

  it.each([
    ['initialize', 'InitializeRequestParams', 'params'],
    ['initialize', 'InitializeResult', 'result'],
    ['logging/setLevel', 'SetLevelRequestParams', 'params'],
    ['resources/subscribe', 'SubscribeRequestParams', 'params'],
    ['resources/unsubscribe', 'UnsubscribeRequestParams', 'params'],
  ] as const)('%s %s has the fields of schema.json', (method, def, part) => {
    const wire = defs2025[def]!;
    expect(shapeKeys(legacyMethods[method][part])).toEqual(Object.keys(wire.properties ?? {}).sort());
    for (const required of wire.required ?? []) {
      const value: Record<string, unknown> = { ...sample(method, part) };
      delete value[required];
      const decode = part === 'params' ? decodeLegacyParams : decodeLegacyResult;
      expect(decode(method, value).ok, `${def} without ${required}`).toBe(false);
    }
  });

  it('has the capabilities of 2025-11-25 on both sides', () => {
    expect(shapeKeys(LegacyClientCapabilitiesSchema)).toEqual(
      Object.keys(defs2025.ClientCapabilities?.properties ?? {}).sort(),
    );
    expect(shapeKeys(LegacyServerCapabilitiesSchema)).toEqual(
      Object.keys(defs2025.ServerCapabilities?.properties ?? {}).sort(),
    );
  });

  it('decodes a valid initialize without copying it, keeping unknown fields', () => {
    const params = { ...initialize, clientInfo: { ...initialize.clientInfo, vendorField: 1 } };
    const decoded = decodeLegacyParams('initialize', params);
    expect(decoded).toEqual({ ok: true, value: params });
    if (decoded.ok) expect(decoded.value).toBe(params);
  });

  it('refuses a bad initialize with -32602 naming the failing path', () => {
    const decoded = decodeLegacyParams(
      'initialize',
      { ...initialize, clientInfo: { name: 'x' } },
      'initialize',
    );
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) {
      expect(decoded.error.code).toBe(-32602);
      expect(decoded.error.message).toContain('initialize.clientInfo.version');
    }
    expect(decodeLegacyParams('initialize', undefined).ok).toBe(false);
    expect(
      decodeLegacyParams('initialize', { ...initialize, capabilities: { roots: { listChanged: 'yes' } } }).ok,
    ).toBe(false);
  });

  it('checks the level of logging/setLevel and the uri of resources/subscribe', () => {
    expect(decodeLegacyParams('logging/setLevel', { level: 'warning' }).ok).toBe(true);
    expect(decodeLegacyParams('logging/setLevel', { level: 'loud' }).ok).toBe(false);
    expect(decodeLegacyParams('resources/subscribe', { uri: 'file:///a' }).ok).toBe(true);
    expect(decodeLegacyParams('resources/unsubscribe', { uri: 7 }).ok).toBe(false);
  });

  it('decodes an initialize result in 2025 shape; extensions are not a 2025 capability but pass as unknown', () => {
    const result = {
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true } },
      serverInfo: { name: 'server', version: '2.0.0' },
      instructions: 'Be brief',
    };
    expect(decodeLegacyResult('initialize', result).ok).toBe(true);
    expect(decodeLegacyResult('initialize', { ...result, serverInfo: undefined }).ok).toBe(false);
    expect(
      decodeLegacyResult('initialize', { ...result, capabilities: { tools: { listChanged: 1 } } }).ok,
    ).toBe(false);
    expect(decodeLegacyResult('resources/subscribe', {}).ok).toBe(true);
  });
});

function sample(method: keyof typeof legacyMethods, part: 'params' | 'result'): Record<string, unknown> {
  if (part === 'result') {
    return { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } };
  }
  if (method === 'initialize') return initialize;
  if (method === 'logging/setLevel') return { level: 'info' };
  return { uri: 'file:///a' };
}
