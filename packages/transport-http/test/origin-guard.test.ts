import { describe, expect, it } from 'vitest';
import { compileOriginGuard, parseAuthority } from '../src/server/origin-guard.js';

describe('parseAuthority', () => {
  it.each([
    ['localhost', { hostname: 'localhost', port: '' }],
    ['LocalHost:3000', { hostname: 'localhost', port: '3000' }],
    ['127.0.0.1:80', { hostname: '127.0.0.1', port: '80' }],
    ['[::1]', { hostname: '[::1]', port: '' }],
    ['[::1]:9000', { hostname: '[::1]', port: '9000' }],
    [' example.com ', { hostname: 'example.com', port: '' }],
  ])('%j splits into %j', (value, expected) => {
    expect(parseAuthority(value)).toEqual(expected);
  });

  it.each([
    '',
    ':80',
    'localhost:abc',
    'localhost:123456',
    '[::1',
    '[::1]x',
    'user@localhost',
    'a b',
    'host/path',
  ])('%j is not an authority', (value) => {
    expect(parseAuthority(value)).toBeUndefined();
  });
});

describe('compileOriginGuard', () => {
  const local = compileOriginGuard();

  it('H-2: allows localhost names on any port by default, and nothing else', () => {
    for (const host of ['localhost', 'localhost:1', '127.0.0.1:65535', '[::1]:3000']) {
      expect(local.hostAllowed(host), host).toBe(true);
    }
    for (const host of [
      'evil.example.com',
      'localhost.evil.com',
      '127.0.0.2',
      '0.0.0.0:3000',
      'localhost@evil',
    ]) {
      expect(local.hostAllowed(host), host).toBe(false);
    }
  });

  it('H-2: default origins are http(s) origins on allowed hosts', () => {
    for (const origin of ['http://localhost:5173', 'https://127.0.0.1', 'http://[::1]:8080']) {
      expect(local.originAllowed(origin, 'localhost'), origin).toBe(true);
    }
    for (const origin of [
      'null',
      'http://evil.example.com',
      'file://',
      'chrome-extension://abc',
      'http://localhost/path',
      'http://localhost.evil.com',
      'ws://localhost',
    ]) {
      expect(local.originAllowed(origin, 'localhost'), origin).toBe(false);
    }
  });

  it('an entry with a port matches that port only', () => {
    const guard = compileOriginGuard(['mcp.example.com:8443', 'api.example.com']);
    expect(guard.hostAllowed('mcp.example.com:8443')).toBe(true);
    expect(guard.hostAllowed('mcp.example.com')).toBe(false);
    expect(guard.hostAllowed('api.example.com:1234')).toBe(true);
    expect(guard.originAllowed('https://mcp.example.com:8443', 'localhost')).toBe(true);
    expect(guard.originAllowed('https://mcp.example.com', 'localhost')).toBe(false);
  });

  it('explicit origins match exactly, ignoring case and a trailing slash in the list', () => {
    const guard = compileOriginGuard(undefined, ['https://App.example.com/', 'vscode-webview://abc']);
    expect(guard.originAllowed('https://app.example.com', 'localhost')).toBe(true);
    expect(guard.originAllowed('vscode-webview://abc', 'localhost')).toBe(true);
    expect(guard.originAllowed('http://localhost', 'localhost')).toBe(false);
  });

  it('H-2: "*" allows every host; origins then must be same-origin with Host unless listed', () => {
    const open = compileOriginGuard('*');
    expect(open.hostAllowed('anything.example')).toBe(true);
    expect(open.originAllowed('https://anything.example', 'anything.example')).toBe(true);
    expect(open.originAllowed('https://Anything.example:443', 'anything.example')).toBe(true);
    expect(open.originAllowed('http://anything.example', 'anything.example:80')).toBe(true);
    expect(open.originAllowed('https://anything.example', 'anything.example:8443')).toBe(false);
    expect(open.originAllowed('https://evil.attacker', 'anything.example')).toBe(false);
    expect(open.originAllowed('https://anything.example', null)).toBe(false);
    expect(open.originAllowed('null', 'anything.example')).toBe(false);
    const strictOrigins = compileOriginGuard('*', []);
    expect(strictOrigins.originAllowed('https://anything.example', 'anything.example')).toBe(false);
    const anyOrigin = compileOriginGuard('*', '*');
    expect(anyOrigin.originAllowed('https://evil.example.com', 'anything.example')).toBe(true);
    expect(compileOriginGuard(undefined, '*').originAllowed('https://evil.example.com', 'localhost')).toBe(
      true,
    );
  });

  it.each([
    ['allowedHosts', () => compileOriginGuard(['*'])],
    ['allowedHosts', () => compileOriginGuard(['mcp.example.com', '*.example.com'])],
    ['allowedOrigins', () => compileOriginGuard(undefined, ['*'])],
    ['allowedOrigins', () => compileOriginGuard(undefined, ['https://*.example.com'])],
  ])('H-2: a wildcard in the %s list is a RangeError pointing at the string form', (option, compile) => {
    expect(compile).toThrow(RangeError);
    expect(compile).toThrow(`pass the string '*' instead of a list (${option}: '*')`);
  });
});
