import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);

/** The built stdio entry of apps/everything-server. */
export const everythingStdio = require.resolve('@mcpkit/everything-server/stdio');
const everythingHttp = require.resolve('@mcpkit/everything-server/http');

/**
 * Starts apps/everything-server over Streamable HTTP on 127.0.0.1 (port 0) and resolves with the
 * URL it prints once ready; `cleanups` gets the function that stops it.
 */
export function serveEverythingHttp(cleanups: (() => unknown)[]): Promise<string> {
  return serveHttpScript([everythingHttp, '--port', '0'], cleanups);
}

/**
 * Runs `node ...args`, a server that prints `MCP_SERVER_URL=<url>` once it accepts requests, and
 * resolves with that URL; `cleanups` gets the function that stops it.
 */
export function serveHttpScript(args: string[], cleanups: (() => unknown)[]): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill());
  const lines = createInterface({ input: child.stdout! });
  return new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('MCP_SERVER_URL=')) resolve(line.slice('MCP_SERVER_URL='.length));
    });
  });
}

/** The text of a tool result's text blocks, joined. */
export function textOf(result: object): string {
  const content = ('content' in result ? result.content : []) as Array<{ type: string; text?: string }>;
  return content.map((block) => block.text ?? '').join('');
}
