import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../src/auth/config-dir.js';

describe('configDir', () => {
  it('is MCPKIT_CONFIG_DIR, else under XDG_CONFIG_HOME, else ~/.config/mcpkit', () => {
    expect(configDir({ MCPKIT_CONFIG_DIR: '/tmp/here', XDG_CONFIG_HOME: '/xdg' })).toBe('/tmp/here');
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' })).toBe(join('/xdg', 'mcpkit'));
    if (process.platform !== 'win32') expect(configDir({})).toBe(join(homedir(), '.config', 'mcpkit'));
  });
});
