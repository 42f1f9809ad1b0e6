// Starting a subject's HTTP server script: a child on a free loopback port that prints "listening <port>".
import { fileURLToPath } from 'node:url';
import { spawnTracked, stopChild, waitForLine } from './children.mjs';

export async function startHttpServer(serverScript, toolCount = 1) {
  const child = spawnTracked(process.execPath, [fileURLToPath(serverScript), '--tools', String(toolCount)]);
  try {
    const port = await waitForLine(child, /listening (\d+)/);
    return { url: `http://127.0.0.1:${port}/mcp`, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
