import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where `mcpkit` keeps its logins: `MCPKIT_CONFIG_DIR` when set, else `$XDG_CONFIG_HOME/mcpkit`,
 * `%APPDATA%\mcpkit` on Windows, `~/.config/mcpkit` elsewhere.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCPKIT_CONFIG_DIR) return env.MCPKIT_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'mcpkit');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'mcpkit');
  return join(homedir(), '.config', 'mcpkit');
}
