/**
 * Whether a server process can be started as the leader of its own process group, so that the
 * processes it starts itself can be signalled with it. POSIX only: on Windows there are no process
 * groups to signal (`kill` is `TerminateProcess`, which reaches the server alone).
 */
export const PROCESS_GROUPS = process.platform !== 'win32';

/** How often to look whether the processes left in a group have ended. */
const GROUP_POLL_MS = 50;

/** Sends `signal` (0: none, just look) to every process of the group `groupId`; false when it has none left. */
export function signalGroup(groupId: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch (error) {
    // EPERM: some member is there but runs as another user; nothing more can be done about it.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Ends what is left of a process group once its leader, the server, has exited: the processes it
 * started and left behind get SIGTERM, then SIGKILL if any is still there after
 * `terminateTimeoutMs` (an ended process whose new parent has not reaped it yet still counts).
 * Resolves once the group is empty or SIGKILL has been sent.
 */
export async function endProcessGroup(groupId: number, terminateTimeoutMs: number): Promise<void> {
  if (!signalGroup(groupId, 'SIGTERM')) return;
  const deadline = performance.now() + terminateTimeoutMs;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
    if (!signalGroup(groupId, 0)) return;
  }
  signalGroup(groupId, 'SIGKILL');
}
