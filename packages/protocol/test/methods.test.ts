import { describe, expect, it } from 'vitest';
import { decodeParams, methodSpec, methods, notificationSpec, notifications } from '../src/index.js';
import { knownMethod, methodInfo, methodInfos } from '../src/method-info.js';
import { loadSchemaJson } from './helpers/fixtures.js';

type Def = { anyOf?: { $ref: string }[]; properties?: { method?: { const?: string } } };

function methodsOfUnion(union: string): string[] {
  const defs = loadSchemaJson('2026-07-28').$defs as Record<string, Def>;
  const members = defs[union]?.anyOf ?? [{ $ref: `#/$defs/${union}` }];
  return members.map((m) => defs[m.$ref.split('/').pop()!]?.properties?.method?.const as string).sort();
}

describe('method registry (digest §1.6)', () => {
  it('has every ClientRequest method of schema.json and nothing else', () => {
    expect(Object.keys(methods).sort()).toEqual(methodsOfUnion('ClientRequest'));
  });

  it('has every ServerNotification and ClientNotification method', () => {
    const expected = [
      ...new Set([...methodsOfUnion('ServerNotification'), ...methodsOfUnion('ClientNotification')]),
    ];
    expect(Object.keys(notifications).sort()).toEqual(expected.sort());
  });

  it('S-4: capability gates', () => {
    expect(methodSpec('server/discover')?.capability).toBeUndefined();
    expect(methodSpec('subscriptions/listen')?.capability).toBeUndefined();
    expect(methodSpec('tools/list')?.capability).toBe('tools');
    expect(methodSpec('tools/call')?.capability).toBe('tools');
    expect(methodSpec('prompts/get')?.capability).toBe('prompts');
    expect(methodSpec('resources/templates/list')?.capability).toBe('resources');
    expect(methodSpec('completion/complete')?.capability).toBe('completions');
  });

  it('S-53: only tools/call, prompts/get and resources/read may return input_required', () => {
    const allowed = Object.entries(methods)
      .filter(([, spec]) => spec.inputRequired)
      .map(([name]) => name);
    expect(allowed.sort()).toEqual(['prompts/get', 'resources/read', 'tools/call']);
  });

  it('Q-9/P-70: the six cacheable methods', () => {
    const cacheable = Object.entries(methods)
      .filter(([, spec]) => spec.cacheable)
      .map(([name]) => name);
    expect(cacheable.sort()).toEqual([
      'prompts/list',
      'resources/list',
      'resources/read',
      'resources/templates/list',
      'server/discover',
      'tools/list',
    ]);
  });

  it('paginated methods and Mcp-Name sources', () => {
    const paginated = Object.entries(methods)
      .filter(([, spec]) => spec.paginated)
      .map(([name]) => name);
    expect(paginated.sort()).toEqual([
      'prompts/list',
      'resources/list',
      'resources/templates/list',
      'tools/list',
    ]);
    expect(methodSpec('tools/call')?.nameParam).toBe('name');
    expect(methodSpec('prompts/get')?.nameParam).toBe('name');
    expect(methodSpec('resources/read')?.nameParam).toBe('uri');
  });

  it('P-49: removed methods are unknown', () => {
    for (const removed of [
      'initialize',
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'tasks/result',
      'toString',
      '__proto__',
    ]) {
      expect(methodSpec(removed), removed).toBeUndefined();
    }
    expect(notificationSpec('notifications/initialized')).toBeUndefined();
    expect(notificationSpec('notifications/roots/list_changed')).toBeUndefined();
  });

  it('methodInfo gives the flags of each method it lists, and nothing for a name an object inherits', () => {
    for (const [name, info] of Object.entries(methodInfos)) expect(methodInfo(name), name).toBe(info);
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(methodInfo(inherited), inherited).toBeUndefined();
    }
  });

  it('knownMethod gives the literal of each method it lists, for a name made at run time too', () => {
    for (const name of Object.keys(methodInfos)) {
      expect(knownMethod(name), name).toBe(name);
      const parsed = JSON.parse(JSON.stringify({ method: name })).method as string;
      expect(knownMethod(parsed), name).toBe(name);
      expect(methodInfo(parsed), name).toBe(methodInfos[name as keyof typeof methodInfos]);
    }
    for (const other of [
      '__proto__',
      'constructor',
      'tools/call ',
      'Tools/call',
      'tools/',
      '',
      'tasks/get',
    ]) {
      expect(knownMethod(other), other).toBeUndefined();
    }
  });

  it('P-39: listen-only notifications', () => {
    expect(notificationSpec('notifications/tools/list_changed')?.listenOnly).toBe(true);
    expect(notificationSpec('notifications/progress')?.listenOnly).toBe(false);
  });
});

describe('decodeParams', () => {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };

  it('accepts valid params without copying them', () => {
    const params = { _meta, name: 'x', arguments: { a: 1 } };
    const decoded = decodeParams('tools/call', params);
    expect(decoded.ok && decoded.value).toBe(params);
  });

  it('-32602 naming the failing path', () => {
    const decoded = decodeParams('tools/call', { _meta, name: 5 });
    expect(!decoded.ok && decoded.error.code).toBe(-32602);
    expect(!decoded.ok && decoded.error.message).toMatch(/params\.name/);
  });

  it('P-34: params are required with their _meta', () => {
    expect(decodeParams('tools/list', undefined).ok).toBe(false);
  });

  it('-32601 for a method 2026-07-28 does not define', () => {
    const decoded = decodeParams('ping', {});
    expect(!decoded.ok && decoded.error.code).toBe(-32601);
  });
});
