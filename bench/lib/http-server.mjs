// Starting a subject's HTTP server script: a child on a free loopback port that prints "listening <port>".
import { fileURLToPath } from 'node:url';
import { spawnTracked, stopChild, waitForLine } from './children.mjs';

/**
 * Starts `serverScript` with `toolCount` tools; `nodeArgs` go to node before the script (`--cpu-prof`),
 * `scriptArgs` to the script after `--tools`.
 */
export async function startHttpServer(serverScript, toolCount = 1, nodeArgs = [], scriptArgs = []) {
  const child = spawnTracked(process.execPath, [
    ...nodeArgs,
    fileURLToPath(serverScript),
    '--tools',
    String(toolCount),
    ...scriptArgs,
  ]);
  try {
    const port = await waitForLine(child, /listening (\d+)/);
    return { url: `http://127.0.0.1:${port}/mcp`, pid: child.pid, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
