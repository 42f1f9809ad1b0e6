import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { visible } from './visible.js';

/** What opening a URL needs from the system; tests pass their own. */
export interface OpenerSystem {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  spawn: (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;
}

/** The outcome of `openUrl`: opened, or why not, in a sentence for a person that names the URL. */
export type OpenOutcome = { opened: true } | { opened: false; reason: string };

const NODE_SYSTEM: OpenerSystem = { platform: process.platform, env: process.env, spawn };

/** `localhost`, 127.0.0.0/8 and ::1, as the URL parser writes hosts (it has turned `0x7f.1` into `127.0.0.1`). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Why `url` must not be handed to the browser, or `undefined` when it may: only `https:` URLs, or
 * `http:` to this computer. A server picks the URLs the CLI opens (an authorization endpoint, a
 * URL elicitation), and the system opener runs whatever a `file:`, `javascript:` or custom scheme
 * points at.
 */
export function browserUrlProblem(url: string): string | undefined {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol === 'https:' || (parsed?.protocol === 'http:' && isLoopbackHost(parsed.hostname)))
    return undefined;
  const what = parsed ? visible(parsed.href) : `"${visible(url)}" (not a valid URL)`;
  return `not opening ${what} in a browser: only https: URLs, or http: URLs to this computer (localhost, 127.0.0.1, ::1), are opened`;
}

/**
 * The program that opens `url` and its arguments, run without a shell: `$BROWSER` when set, else
 * `open` on macOS, `rundll32 url.dll,FileProtocolHandler` on Windows (never `cmd /c start`, whose
 * parsing of `&`, `|` and `^` would run parts of the URL as commands), `xdg-open` elsewhere.
 */
function openerCommand(url: string, system: Pick<OpenerSystem, 'platform' | 'env'>): [string, string[]] {
  if (system.env.BROWSER) return [system.env.BROWSER, [url]];
  switch (system.platform) {
    case 'darwin':
      return ['open', [url]];
    case 'win32':
      return ['rundll32', ['url.dll,FileProtocolHandler', url]];
    default:
      return ['xdg-open', [url]];
  }
}

/**
 * Opens `url` in the browser when `browserUrlProblem` allows it, passing the URL as the parser
 * wrote it (spaces and quotes percent-encoded) as one argument of a program started without a
 * shell. Resolves once the opener has started or failed to; it never waits for the browser.
 * Callers print the URL themselves, so a person always sees where they are sent.
 *
 * @example
 * ```ts
 * const outcome = await openUrl('https://auth.example.com/authorize?client_id=cli');
 * if (!outcome.opened) process.stderr.write(`${outcome.reason}\n`);
 * ```
 */
export function openUrl(url: string, system: OpenerSystem = NODE_SYSTEM): Promise<OpenOutcome> {
  const problem = browserUrlProblem(url);
  if (problem !== undefined) return Promise.resolve({ opened: false, reason: problem });
  const [command, args] = openerCommand(new URL(url).href, system);
  return new Promise((resolve) => {
    const child = system.spawn(command, args, {
      stdio: 'ignore',
      detached: true,
      shell: false,
      windowsHide: true,
    });
    child.once('error', () =>
      resolve({
        opened: false,
        reason: `could not start ${visible(command)} to open a browser; open the URL yourself`,
      }),
    );
    child.once('spawn', () => {
      child.unref();
      resolve({ opened: true });
    });
  });
}
