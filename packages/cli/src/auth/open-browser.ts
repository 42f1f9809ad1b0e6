import { spawn } from 'node:child_process';

/** The platform's command that opens a URL in the default browser. */
function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/** Tries to open `url` in a browser; the URL is printed anyway, so a failure is only ignored. */
export function openBrowser(url: URL): void {
  const [command, args] = opener(url.href);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser here: the printed URL is the way.
  }
}
