import { spawn } from 'node:child_process';

/**
 * Opens `url` in the browser: the program named by `BROWSER` when set (the usual convention),
 * otherwise the platform's opener. Resolves with whether the opener started; it never waits for
 * the browser.
 */
export function openUrl(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const [command, ...args] = env.BROWSER
    ? [env.BROWSER, url]
    : process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url.replace(/&/g, '^&')]
        : ['xdg-open', url];
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
