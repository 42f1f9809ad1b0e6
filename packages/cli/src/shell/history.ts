import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** How many lines the shell remembers across sessions. */
export const HISTORY_SIZE = 500;

/** The saved history, newest first as node:readline wants it; empty when there is none yet. */
export async function loadHistory(file: string): Promise<string[]> {
  try {
    const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
    return lines.slice(-HISTORY_SIZE).reverse();
  } catch {
    return [];
  }
}

/**
 * Saves the history (newest first, as node:readline keeps it), oldest line first in the file, readable
 * by its owner only: arguments typed in the shell may hold secrets.
 */
export async function saveHistory(file: string, history: readonly string[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const lines = history.slice(0, HISTORY_SIZE).reverse();
  await writeFile(file, lines.length === 0 ? '' : `${lines.join('\n')}\n`, { mode: 0o600 });
}
