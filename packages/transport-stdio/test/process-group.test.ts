import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixture, processExists, sleep, spawnFixture, trackPid, waitUntilGone } from './helpers/processes.js';

/** The process group of `pid`, as `ps` reports it. */
function processGroupOf(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}

describe.skipIf(process.platform === 'win32')('StdioClientTransport: process groups (POSIX)', () => {
  it("by default the server stays in this process's group, as a shell runs a pipeline", async () => {
    const transport = spawnFixture('server.mjs');
    await transport.start();
    const pid = trackPid(transport.pid);
    expect(processGroupOf(pid)).toBe(processGroupOf(process.pid));
  });

  it('with processGroup the server leads a group of its own', async () => {
    const transport = spawnFixture('server.mjs', { processGroup: true });
    await transport.start();
    const pid = trackPid(transport.pid);
    expect(processGroupOf(pid)).toBe(pid);
  });

  // A terminal's Ctrl-C is SIGINT to its foreground group, emulated by starting the client as the
  // leader of a group. With processGroup it reaches only the client, and the server ends through
  // the EOF on its stdin; without, it reaches the server too.
  it.each([
    { processGroup: false, how: 'killed', end: (parent: ChildProcess) => parent.kill('SIGKILL') },
    { processGroup: false, how: 'stopped by Ctrl-C', end: (parent: ChildProcess) => interrupt(parent) },
    { processGroup: true, how: 'killed', end: (parent: ChildProcess) => parent.kill('SIGKILL') },
    { processGroup: true, how: 'stopped by Ctrl-C', end: (parent: ChildProcess) => interrupt(parent) },
  ])(
    'leaves no orphan when the client process is $how (processGroup $processGroup)',
    async ({ processGroup, end }) => {
      const parent = spawn(process.execPath, [fixture('client-parent.mjs')], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, PROCESS_GROUP: processGroup ? '1' : '0' },
        detached: true,
      });
      const parentClosed = new Promise((resolve) => parent.on('close', resolve));
      trackPid(parent.pid);
      let serverPid: number | undefined;
      try {
        let out = '';
        parent.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
        while (!out.includes('\n')) {
          if (parent.exitCode !== null || parent.signalCode !== null)
            throw new Error(`client-parent.mjs ended before printing the server's pid: ${out}`);
          await sleep(10);
        }
        serverPid = trackPid(Number(out.trim()));
        expect(processExists(serverPid)).toBe(true);
        expect(processGroupOf(serverPid)).toBe(processGroup ? serverPid : parent.pid);
        end(parent);
        await parentClosed;
        await waitUntilGone(serverPid);
      } finally {
        // Only reached with processes alive when the test already failed: do not leave them behind.
        parent.kill('SIGKILL');
        if (serverPid !== undefined && processExists(serverPid)) process.kill(serverPid, 'SIGKILL');
      }
    },
  );
});

function interrupt(parent: ChildProcess): void {
  process.kill(-parent.pid!, 'SIGINT');
}
