import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { browserUrlProblem, type OpenerSystem, openUrl } from '../src/open-url.js';

interface Spawned {
  command: string;
  args: readonly string[];
  options: SpawnOptions;
}

/** A system whose spawn records its calls and starts (or fails to start) at once. */
function fakeSystem(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}, fail = false) {
  const spawned: Spawned[] = [];
  const system: OpenerSystem = {
    platform,
    env,
    spawn: (command, args, options) => {
      spawned.push({ command, args, options });
      const child = Object.assign(new EventEmitter(), { unref() {} });
      queueMicrotask(() => (fail ? child.emit('error', new Error('ENOENT')) : child.emit('spawn')));
      return child as unknown as ChildProcess;
    },
  };
  return { system, spawned };
}

const REFUSED = [
  'file:///etc/passwd',
  'javascript:alert(document.cookie)',
  'ms-msdt:/id PCWDiagnostic',
  'smb://attacker.example/share',
  'http://auth.example.com/authorize',
  'http://127.0.0.1.evil.example/',
  'http://localhost.evil.example/',
  'data:text/html,<script>alert(1)</script>',
  'not a url',
];

describe('opening URLs in the browser', () => {
  for (const url of REFUSED) {
    it(`refuses ${url}, names it, and starts nothing`, async () => {
      const { system, spawned } = fakeSystem('linux');
      const outcome = await openUrl(url, system);
      expect(outcome.opened).toBe(false);
      expect(outcome).toMatchObject({
        reason: expect.stringMatching(/^not opening .+ in a browser: only https:/),
      });
      expect((outcome as { reason: string }).reason).toContain(url.split(':')[0]);
      expect(spawned).toEqual([]);
    });
  }

  it('allows https, and http only to this computer', () => {
    for (const url of [
      'https://auth.example.com/authorize?x=1',
      'http://localhost:8080/cb',
      'http://127.0.0.1:9/authorize',
      'http://127.200.3.4/',
      'http://[::1]:3000/',
      'http://0x7f.1/',
    ]) {
      expect(browserUrlProblem(url), url).toBeUndefined();
    }
  });

  it('a refused URL is named with its control characters made visible', () => {
    expect(browserUrlProblem('x\x1b]52;c;ZXZpbA==\x07')).toBe(
      'not opening "x\\x1b]52;c;ZXZpbA==\\x07" (not a valid URL) in a browser: only https: URLs, or http: URLs to this computer (localhost, 127.0.0.1, ::1), are opened',
    );
  });

  const url = 'https://auth.example.com/authorize?a=1&b=2|calc.exe^&c="x y"';
  const href = new URL(url).href;
  for (const [platform, command, args] of [
    ['win32', 'rundll32', ['url.dll,FileProtocolHandler', href]],
    ['darwin', 'open', [href]],
    ['linux', 'xdg-open', [href]],
    ['freebsd', 'xdg-open', [href]],
  ] as const) {
    it(`on ${platform}, runs ${command} with the URL as one argument and no shell`, async () => {
      const { system, spawned } = fakeSystem(platform);
      expect(await openUrl(url, system)).toEqual({ opened: true });
      expect(spawned).toHaveLength(1);
      expect(spawned[0]).toMatchObject({ command, args });
      expect(spawned[0]!.options.shell).toBe(false);
      // Quotes and spaces are percent-encoded by the parser: nothing can end the argument early.
      expect(href).not.toMatch(/[ "]/);
    });
  }

  it('uses $BROWSER when set, also without a shell', async () => {
    const { system, spawned } = fakeSystem('win32', { BROWSER: 'firefox' });
    expect(await openUrl('https://example.com/', system)).toEqual({ opened: true });
    expect(spawned).toMatchObject([
      { command: 'firefox', args: ['https://example.com/'], options: { shell: false } },
    ]);
  });

  it('says so when the opener cannot start', async () => {
    const { system } = fakeSystem('linux', {}, true);
    expect(await openUrl('https://example.com/', system)).toEqual({
      opened: false,
      reason: 'could not start xdg-open to open a browser; open the URL yourself',
    });
  });
});
