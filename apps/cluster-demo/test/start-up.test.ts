import { describe, expect, it } from 'vitest';
import { parseDemoArgs } from '../src/args.js';
import { Child } from './harness/child.js';
import { SERVER_JS, STATE_KEY } from './harness/instances.js';
import { freePort } from './harness/ports.js';

describe('cluster-demo command line', () => {
  it('reads --port, --redis, --name and --prefix, in both spellings', () => {
    expect(parseDemoArgs(['--port', '0', '--redis', 'redis://127.0.0.1:6379', '--name=a'])).toEqual({
      port: 0,
      redis: 'redis://127.0.0.1:6379',
      name: 'a',
      prefix: 'cluster-demo',
    });
    expect(parseDemoArgs(['--redis=redis://r:1', '--name', 'b', '--prefix', 'p']).prefix).toBe('p');
  });

  it.each([
    [['--redis', 'redis://r:1'], /--name is required/],
    [['--name', 'a'], /--redis needs a redis:\/\/ URL/],
    [['--name', 'a', '--redis', 'http://r'], /--redis needs a redis:\/\/ URL/],
    [['--name', 'a', '--redis', 'redis://r', '--port', '70000'], /invalid port "70000"/],
    [['--name', 'a', '--redis', 'redis://r', '--verbose'], /unknown argument "--verbose"/],
    [['--name'], /--name needs a value/],
  ])('%j is refused with a usage line', (argv, message) => {
    expect(() => parseDemoArgs(argv)).toThrow(message);
    expect(() => parseDemoArgs(argv)).toThrow(/usage: server\.js --port PORT --redis/);
  });

  it('exits 1 within about 5 s, naming the URL, when Redis cannot be reached', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const child = new Child(process.execPath, [SERVER_JS, '--port', '0', '--redis', url, '--name', 'a'], {
      ...process.env,
      MCPKIT_STATE_KEY: STATE_KEY,
    });
    // Timed from the attempt, not the spawn: loading the modules takes seconds on a loaded machine.
    await child.waitFor(/connecting to Redis at/, 20_000, 'the connection attempt');
    const started = Date.now();
    expect(await child.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(child.output).toContain(`cluster-demo: Redis at ${url} could not be reached within 5000 ms`);
    expect(child.output).not.toContain('MCP_SERVER_URL');
  });

  it('exits 1 naming MCPKIT_STATE_KEY when it is missing', async () => {
    const env = { ...process.env };
    delete env.MCPKIT_STATE_KEY;
    const child = new Child(
      process.execPath,
      [SERVER_JS, '--redis', 'redis://127.0.0.1:1', '--name', 'a'],
      env,
    );
    expect(await child.exited).toBe(1);
    expect(child.output).toContain('MCPKIT_STATE_KEY');
  });
});
