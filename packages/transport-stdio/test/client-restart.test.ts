import { TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { ChildExit } from '../src/index.js';
import {
  collect,
  failure,
  fixture,
  processExists,
  request,
  response,
  sleep,
  spawnFixture,
  trackPid,
  waitUntilGone,
} from './helpers/processes.js';

describe('StdioClientTransport: crash and restart (T-17)', () => {
  it('a crash mid-request fails in-flight exchanges with "restarted"; the next one runs in a new process', async () => {
    const restarts: number[] = [];
    const transport = spawnFixture('server.mjs');
    transport.onRestart(() => restarts.push(transport.pid!));
    const first = await response(transport.exchange(request(1, 'pid'), {}));
    const firstPid = trackPid((first.result as { pid: number }).pid);
    const waiting = collect(transport.exchange(request(2, 'sleep', { ms: 60_000 }), {}));
    const crash = collect(transport.exchange(request(3, 'crash', { delayMs: 20 }), {}));
    for (const pending of [waiting, crash]) {
      const error = await failure(pending);
      expect(error.reason).toBe('restarted');
      expect(error.retryable).toBe(true);
    }
    expect(processExists(firstPid)).toBe(false);
    const again = await response(transport.exchange(request(4, 'pid'), {}));
    const secondPid = trackPid((again.result as { pid: number }).pid);
    expect(secondPid).not.toBe(firstPid);
    expect(restarts).toEqual([secondPid]);
  });

  it('T-18, B-11: once the process of a 2025-era session died, requests but initialize fail with session-expired, unwritten and starting no process', async () => {
    const restarts: number[] = [];
    const transport = spawnFixture('server.mjs');
    transport.onRestart(() => restarts.push(transport.pid!));
    const first = await response(transport.exchange(request(1, 'pid'), {}));
    trackPid((first.result as { pid: number }).pid);
    transport.legacy.beginSession({ protocolVersion: '2025-11-25' });
    expect(
      (await failure(collect(transport.exchange(request(2, 'crash', { delayMs: 20 }), {})))).reason,
    ).toBe('restarted');
    const refused = await failure(collect(transport.exchange(request(3, 'pid'), {})));
    expect(refused.reason).toBe('session-expired');
    expect(refused.retryable).toBe(true);
    expect(transport.pid).toBeUndefined();
    expect(restarts).toEqual([]);
    await collect(transport.exchange(request(4, 'initialize'), {}));
    expect(restarts).toHaveLength(1);
    transport.legacy.beginSession({ protocolVersion: '2025-11-25' });
    const again = await response(transport.exchange(request(5, 'pid'), {}));
    expect(trackPid((again.result as { pid: number }).pid)).toBe(restarts[0]);
  });

  // Without a group of its own the helper lives on, holding the pipe: only the grace after the
  // exit ends the wait. With one, the helper is ended at the exit, and its end closes the pipe.
  it.each([{ processGroup: false }, { processGroup: true }])(
    'T-17: a crash is noticed though a helper of the server still holds its stdout; what it wrote before dying arrives (processGroup $processGroup: the helper is ended only with a group of its own)',
    async ({ processGroup }) => {
      const transport = spawnFixture('server.mjs', { processGroup });
      const first = await response(transport.exchange(request(1, 'pid'), {}));
      const firstPid = trackPid((first.result as { pid: number }).pid);
      const held = await response(transport.exchange(request(2, 'hold-stdout'), {}));
      const helperPid = (held.result as { helperPid: number }).helperPid;
      try {
        // A bound on each wait only so that a hang fails with a clear error instead of the test's timeout.
        const signal = AbortSignal.timeout(20_000);
        const waiting = collect(transport.exchange(request(3, 'sleep', { ms: 60_000 }), { signal }));
        const answered = response(
          transport.exchange(request(4, 'crash', { delayMs: 20, answerFirst: true }), { signal }),
        );
        expect((await answered).result).toMatchObject({ answeredBeforeCrash: true });
        expect((await failure(waiting)).reason).toBe('restarted');
        const again = await response(transport.exchange(request(5, 'pid'), { signal }));
        expect(trackPid((again.result as { pid: number }).pid)).not.toBe(firstPid);
        if (processGroup) {
          // The crashed server's process group is ended with it.
          await waitUntilGone(helperPid);
        } else {
          expect(processExists(helperPid)).toBe(true);
        }
      } finally {
        // Only reached with the helper alive when the test already failed: do not leave it behind.
        if (processExists(helperPid)) process.kill(helperPid, 'SIGKILL');
      }
    },
  );

  it('mode "immediately" respawns at once and calls onRestart, so listens can be re-opened', async () => {
    const transport = spawnFixture('server.mjs', { restart: { mode: 'immediately' } });
    const restarted = new Promise<void>((resolve) => transport.onRestart(resolve));
    await transport.start();
    const firstPid = trackPid(transport.pid);
    const listen = collect(
      transport.exchange(request('listen', 'subscriptions/listen', { everyMs: 60_000 }), {}),
    );
    // Answered after the listen was read: the server has started, so a crash is restarted.
    await response(transport.exchange(request(1, 'pid'), {}));
    await failure(collect(transport.exchange(request(2, 'crash'), {})));
    expect((await failure(listen)).reason).toBe('restarted');
    await restarted;
    expect(transport.pid).not.toBe(firstPid);
    trackPid(transport.pid);
    const reopened = transport.exchange(request('listen-2', 'subscriptions/listen', { everyMs: 60_000 }), {});
    for await (const first of reopened) {
      expect(first).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
      break;
    }
  });

  it('a server that exits before its first answer did not start: one error with the command, exit code and stderr tail, no restart', async () => {
    const exits: ChildExit[] = [];
    let stderr = '';
    const missing = fixture('missing.js');
    const transport = spawnFixture('server.mjs', {
      args: [missing],
      stderr: (text) => (stderr += text),
      restart: { initialDelayMs: 1 },
      onExit: (exit) => exits.push(exit),
    });
    const errors: TransportError[] = [];
    for (let i = 0; i < 3; i++)
      errors.push(await failure(collect(transport.exchange(request(i, 'pid'), {}))));
    await sleep(50);
    for (const exit of exits) trackPid(exit.pid);
    expect(exits.map((exit) => exit.code)).toEqual([1]);
    expect(stderr.match(/MODULE_NOT_FOUND/g)).toHaveLength(1);
    expect(transport.pid).toBeUndefined();
    for (const error of errors) expect(error).toBe(errors[0]);
    const message = errors[0]!.message;
    expect(message).toMatch(
      new RegExp(
        `^The server did not start: \`${process.execPath}.* ${missing}\` ended \\(exit code 1\\) before its first answer\\. The end of its stderr:\n`,
      ),
    );
    expect(message).toContain(`Cannot find module '${missing}'`);
    expect(message).not.toContain('may be sent again');
  });

  it('the start failure quotes only the last 20 lines of stderr, and says when stderr is ignored', async () => {
    const script = 'for (let i = 1; i <= 100; i++) console.error("line " + i); process.exit(2)';
    const chatty = spawnFixture('server.mjs', { args: ['-e', script], stderr: () => {} });
    const error = await failure(collect(chatty.exchange(request(1, 'pid'), {})));
    const tail = error.message.split('The end of its stderr:\n')[1];
    expect(tail).toBe(Array.from({ length: 20 }, (_, i) => `line ${81 + i}`).join('\n'));
    expect(error.message).toContain('ended (exit code 2) before its first answer');
    const quiet = spawnFixture('server.mjs', { args: ['-e', script] });
    const ignored = await failure(collect(quiet.exchange(request(1, 'pid'), {})));
    expect(ignored.message).toMatch(
      /ended \(exit code 2\) before its first answer \(its stderr is ignored\)$/,
    );
  });

  it('T-17: a server that sends a message and then crashes at every start backs off and is given up after maxAttempts', async () => {
    const exitedAt: number[] = [];
    const restartedAt: number[] = [];
    let hellos = 0;
    let fourthExit!: () => void;
    const givenUp = new Promise<void>((resolve) => (fourthExit = resolve));
    const hello = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/hello' });
    const transport = spawnFixture('server.mjs', {
      args: ['-e', `process.stdout.write('${hello}\\n', () => process.exit(1))`],
      // Far longer than any of these processes lives, however loaded the machine.
      restart: { mode: 'immediately', maxAttempts: 3, initialDelayMs: 50, stableAfterMs: 60_000 },
      onUnrouted: () => hellos++,
      onExit: (exit) => {
        trackPid(exit.pid);
        if (exitedAt.push(Date.now()) === 4) fourthExit();
      },
    });
    transport.onRestart(() => restartedAt.push(Date.now()));
    await transport.start();
    await givenUp;
    const error = await failure(collect(transport.exchange(request(1, 'pid'), {})));
    expect(error.reason).toBe('connection-lost');
    expect(error.message).toContain('after 4 consecutive failures');
    expect(transport.pid).toBeUndefined();
    expect(hellos).toBe(4);
    expect(restartedAt).toHaveLength(3);
    // The first restart is immediate, then 50 ms, then 100 ms (a timer may fire a millisecond early).
    expect(restartedAt[1]! - exitedAt[1]!).toBeGreaterThanOrEqual(45);
    expect(restartedAt[2]! - exitedAt[2]!).toBeGreaterThanOrEqual(95);
  });

  it('T-17: a process that stayed up stableAfterMs resets the count: each crash of such a process restarts at once', async () => {
    const transport = spawnFixture('server.mjs', { restart: { maxAttempts: 1, stableAfterMs: 300 } });
    trackPid(
      ((await response(transport.exchange(request('first', 'pid'), {}))).result as { pid: number }).pid,
    );
    for (let i = 0; i < 3; i++) {
      const crash = collect(transport.exchange(request(i, 'crash', { delayMs: 400 }), {}));
      expect((await failure(crash)).reason).toBe('restarted');
    }
    expect((await response(transport.exchange(request('after', 'pid'), {}))).id).toBe('after');
  });

  it('a command that does not exist fails with "connection-lost", and start() rejects', async () => {
    const transport = spawnFixture('server.mjs', {
      command: '/definitely/not/a/command',
      restart: { mode: 'never' },
    });
    const error = await failure(transport.start());
    expect(error.reason).toBe('connection-lost');
    const again = await failure(collect(transport.exchange(request(1, 'pid'), {})));
    expect(again.reason).toBe('connection-lost');
  });

  it('spawn options Node refuses at once (empty command, NUL in an argument, cwd a file) fail with "connection-lost" and the cause', async () => {
    const refused = [
      { command: '' },
      { args: ['a\u0000b'] },
      { cwd: fixture('server.mjs'), expected: /working directory .*server\.mjs is not a directory/ },
    ];
    for (const { expected, ...options } of refused) {
      const transport = spawnFixture('server.mjs', options);
      const error = await failure(transport.start());
      expect(error.reason).toBe('connection-lost');
      expect(error.cause).toBeInstanceOf(Error);
      if (expected) expect(error.message).toMatch(expected);
      const again = await failure(collect(transport.exchange(request(1, 'pid'), {})));
      expect(again.reason).toBe('connection-lost');
      await expect(transport.notify({ jsonrpc: '2.0', method: 'notifications/x' })).rejects.toBeInstanceOf(
        TransportError,
      );
    }
  });

  it('a working directory that does not exist is named in the error, not reported as a missing command', async () => {
    const cwd = fixture('no-such-directory');
    const transport = spawnFixture('server.mjs', { cwd, restart: { mode: 'never' } });
    const error = await failure(transport.start());
    expect(error.reason).toBe('connection-lost');
    expect(error.message).toBe(
      `Could not start ${process.execPath}: the working directory ${cwd} does not exist`,
    );
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
    const again = await failure(collect(transport.exchange(request(1, 'pid'), {})));
    expect(again.message).toContain(`the working directory ${cwd} does not exist`);
  });
});
