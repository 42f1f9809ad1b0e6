import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export interface RunningDemo {
  readonly child: ChildProcess;
  readonly mcpUrl: string;
  readonly issuer: string;
  stop(): Promise<void>;
}

/** Starts `dist/server.js` and resolves once it printed both URL lines. */
export async function startDemo(args: readonly string[]): Promise<RunningDemo> {
  const child = spawn(process.execPath, [ENTRY, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const [mcpUrl, issuer] = await new Promise<[string, string]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready within 30 s; stderr: ${stderr}`)), 30_000);
      const check = () => {
        const mcp = /^MCP_SERVER_URL=(\S+)$/m.exec(stdout)?.[1];
        const as = /^AUTHORIZATION_SERVER_URL=(\S+)$/m.exec(stdout)?.[1];
        if (mcp === undefined || as === undefined) return;
        clearTimeout(timer);
        resolve([mcp, as]);
      };
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
    });
    return { child, mcpUrl, issuer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
