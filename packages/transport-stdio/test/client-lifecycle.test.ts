import type { JSONRPCMessage, JSONRPCNotification } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { ChildExit } from '../src/index.js';
import {
  collect,
  failure,
  processExists,
  request,
  response,
  sleep,
  spawnFixture,
  trackPid,
  waitUntilGone,
} from './helpers/processes.js';

describe('StdioClientTransport: cancellation (T-11, C-51)', () => {
  it('aborting mid-flight ends the exchange at once with the abort reason and sends notifications/cancelled', async () => {
    let stderr = '';
    const transport = spawnFixture('legacy.mjs', { stderr: (text) => (stderr += text) });
    const controller = new AbortController();
    const pending = collect(
      transport.exchange(request('probe-1', 'server/discover'), { signal: controller.signal }),
    );
    // A request not yet written is withdrawn, not cancelled on the wire: wait until the server has it.
    while (!stderr.includes('got server/discover')) await sleep(5);
    controller.abort(new Error('user gave up'));
    await expect(pending).rejects.toThrow('user gave up');
    while (!stderr.includes('cancelled probe-1')) await sleep(5);
    expect(stderr).toContain('cancelled probe-1 (user gave up)');
  });

  it('a cancelled server request stops, nothing more arrives for it, and the pipe keeps working', async () => {
    const unrouted: JSONRPCMessage[] = [];
    const transport = spawnFixture('server.mjs', { onUnrouted: (m) => unrouted.push(m) });
    const controller = new AbortController();
    const slow = collect(
      transport.exchange(request('slow', 'sleep', { ms: 60_000 }), { signal: controller.signal }),
    );
    const other = response(transport.exchange(request('other', 'echo', { delayMs: 30 }), {}));
    await sleep(10);
    controller.abort();
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
    expect((await other).id).toBe('other');
    expect((await response(transport.exchange(request('after', 'echo'), {}))).id).toBe('after');
    expect(unrouted.filter((m) => 'id' in m && m.id === 'slow')).toEqual([]);
  });

  it("leaving a listen's for-await early cancels the subscription on the server", async () => {
    const unrouted: JSONRPCMessage[] = [];
    const transport = spawnFixture('server.mjs', { onUnrouted: (m) => unrouted.push(m) });
    let count = 0;
    for await (const _ of transport.exchange(request('L1', 'subscriptions/listen', { everyMs: 5 }), {})) {
      if (++count === 3) break;
    }
    // The server reads in order: once it answers a later request it has read the cancel, and
    // from then on nothing more is sent for the listen.
    await response(transport.exchange(request('after', 'echo'), {}));
    const settled = unrouted.length;
    await sleep(100);
    expect(unrouted).toHaveLength(settled);
  });

  it('C-52: notify(cancelled) ends that exchange; a cancel for an unknown id is never written', async () => {
    let stderr = '';
    const transport = spawnFixture('legacy.mjs', { stderr: (text) => (stderr += text) });
    const pending = collect(transport.exchange(request('x', 'server/discover'), {}));
    while (!stderr.includes('got server/discover')) await sleep(5);
    await transport.notify({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'unknown' },
    });
    await transport.notify({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'x', reason: 'r' },
    });
    expect(await pending).toEqual([]);
    await transport.notify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const init = await response(transport.exchange(request('init', 'initialize'), {}));
    expect(init.id).toBe('init');
    while (!stderr.includes('got initialize')) await sleep(5);
    expect(stderr).toBe(
      'got server/discover\ngot notifications/cancelled\ncancelled x (r)\ngot notifications/initialized\ngot initialize\n',
    );
  });
});

describe('StdioClientTransport: probing (T-20..T-23)', () => {
  it('a probe that times out ends promptly and leaves the pipe usable for the fallback', async () => {
    const transport = spawnFixture('legacy.mjs');
    const probe = collect(
      transport.exchange(request(1, 'server/discover'), { signal: AbortSignal.timeout(200) }),
    );
    await expect(probe).rejects.toMatchObject({ name: 'TimeoutError' });
    const init = await response(transport.exchange(request(2, 'initialize'), {}));
    expect(init.result).toMatchObject({ protocolVersion: '2025-11-25' });
  });

  it('C-53: a late answer to the timed-out probe is left unrouted and breaks nothing', async () => {
    const unrouted: JSONRPCMessage[] = [];
    const transport = spawnFixture('legacy.mjs', {
      env: { ...process.env, LATE_MS: '300' },
      onUnrouted: (m) => unrouted.push(m),
    });
    const probe = collect(
      transport.exchange(request(1, 'server/discover'), { signal: AbortSignal.timeout(50) }),
    );
    await expect(probe).rejects.toMatchObject({ name: 'TimeoutError' });
    while (unrouted.length === 0) await sleep(10);
    expect(unrouted[0]).toMatchObject({ id: 1, result: { late: true } });
    expect((await response(transport.exchange(request(2, 'initialize'), {}))).id).toBe(2);
  });
});

describe('StdioClientTransport: close (T-14)', () => {
  it('closes stdin and the server exits by itself; in-flight exchanges fail with "closed"', async () => {
    const exits: ChildExit[] = [];
    const transport = spawnFixture('server.mjs', { onExit: (exit) => exits.push(exit) });
    await transport.start();
    const pid = trackPid(transport.pid);
    const pending = failure(collect(transport.exchange(request(1, 'sleep', { ms: 60_000 }), {})));
    await sleep(20);
    await transport.close();
    expect((await pending).reason).toBe('closed');
    expect(processExists(pid)).toBe(false);
    expect(exits).toEqual([{ pid, spawned: true, code: 0, signal: null, error: undefined }]);
  });

  it('escalates to SIGTERM for a server that ignores EOF', async () => {
    const exits: ChildExit[] = [];
    let announce!: () => void;
    const ready = new Promise<void>((resolve) => (announce = resolve));
    const transport = spawnFixture('stubborn-process.mjs', {
      shutdown: { exitTimeoutMs: 200, terminateTimeoutMs: 10_000 },
      onExit: (exit) => exits.push(exit),
      onUnrouted: () => announce(),
    });
    await transport.start();
    await ready;
    trackPid(transport.pid);
    await transport.close();
    expect(exits[0]).toMatchObject({ signal: 'SIGTERM' });
  });

  it('escalates to SIGKILL for a server that also ignores SIGTERM, and with processGroup ends its helper the same way', async () => {
    const exits: ChildExit[] = [];
    let announce!: (helperPid: number) => void;
    const ready = new Promise<number>((resolve) => (announce = resolve));
    const transport = spawnFixture('stubborn-process.mjs', {
      env: { ...process.env, IGNORE_SIGTERM: '1' },
      processGroup: true,
      shutdown: { exitTimeoutMs: 100, terminateTimeoutMs: 200 },
      onExit: (exit) => exits.push(exit),
      // The fixture announces itself once its and its helper's SIGTERM handlers are installed.
      onUnrouted: (message) => announce((message as JSONRPCNotification).params?.helperPid as number),
    });
    await transport.start();
    const helperPid = await ready;
    trackPid(transport.pid);
    try {
      await transport.close();
      expect(exits[0]).toMatchObject({ signal: 'SIGKILL' });
      // SIGTERM and SIGKILL went to the server's process group: its helper, which ignores SIGTERM too, is gone.
      await waitUntilGone(helperPid);
    } finally {
      if (processExists(helperPid)) process.kill(helperPid, 'SIGKILL');
    }
  });

  it('T-14: with processGroup, close() also ends what the server started and left behind when it exited on EOF', async () => {
    const transport = spawnFixture('server.mjs', { processGroup: true });
    const started = await response(transport.exchange(request(1, 'helper'), {}));
    const helperPid = (started.result as { helperPid: number }).helperPid;
    try {
      expect(processExists(helperPid)).toBe(true);
      await transport.close();
      await waitUntilGone(helperPid);
    } finally {
      if (processExists(helperPid)) process.kill(helperPid, 'SIGKILL');
    }
  });

  it('respects write backpressure: notify() waits while the server does not read its stdin', async () => {
    const transport = spawnFixture('no-read.mjs', { shutdown: { exitTimeoutMs: 100 } });
    await transport.start();
    trackPid(transport.pid);
    const big = 'b'.repeat(1024 * 1024);
    const exchanges = [1, 2, 3].map((id) =>
      failure(collect(transport.exchange(request(id, 'echo', { big }), {}))),
    );
    await sleep(20);
    const notified = transport.notify({ jsonrpc: '2.0', method: 'notifications/custom' });
    const state = await Promise.race([notified.then(() => 'written'), sleep(200).then(() => 'waiting')]);
    expect(state).toBe('waiting');
    await transport.close();
    await notified;
    for (const error of await Promise.all(exchanges)) expect(error.reason).toBe('closed');
  });

  it('respects write backpressure: while the server does not read, requests wait unserialized; aborted ones are never written', async () => {
    let announce!: () => void;
    const ready = new Promise<void>((resolve) => (announce = resolve));
    const transport = spawnFixture('late-reader.mjs', { onUnrouted: () => announce() });
    await transport.start();
    await ready;
    const pid = trackPid(transport.pid);
    // Each request carries the same 512 KB string; `toJSON` counts the requests serialized so far.
    const big = 'b'.repeat(512 * 1024);
    let serialized = 0;
    const params = (n: number) => ({
      toJSON: () => {
        serialized++;
        return { n, big };
      },
    });
    const count = 100;
    const aborted = (i: number) => i >= 4 && i % 2 === 1;
    const controllers = Array.from({ length: count }, () => new AbortController());
    const outcomes = controllers.map((controller, i) =>
      collect(transport.exchange(request(i, 'echo', params(i)), { signal: controller.signal })).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    // The kernel's pipe buffer takes a few hundred KB, the stream the rest of one request; the
    // other exchanges wait, their requests referenced but not serialized.
    expect(serialized).toBeGreaterThanOrEqual(1);
    expect(serialized).toBeLessThanOrEqual(3);
    const written = serialized;
    for (let i = 0; i < count; i++) if (aborted(i)) controllers[i]!.abort();
    expect(serialized).toBe(written);
    process.kill(pid, 'SIGUSR1');
    const expected = controllers.map((_, i) => (aborted(i) ? 'AbortError' : 'answered'));
    expect(await Promise.all(outcomes)).toEqual(expected);
    const answered = controllers.flatMap((_, i) => (aborted(i) ? [] : [i]));
    expect(serialized).toBe(answered.length);
    const seen = await response(transport.exchange(request('seen', 'seen'), {}));
    expect((seen.result as { seen: string[] }).seen).toEqual([
      ...answered.map((i) => `echo ${i}`),
      'seen seen',
    ]);
  });

  it('close() is idempotent and works before anything was started', async () => {
    const transport = spawnFixture('server.mjs');
    await Promise.all([transport.close(), transport.close()]);
    expect(transport.pid).toBeUndefined();
  });
});
