import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Child } from './child.js';
import { findProgram, freePort, waitForPort } from './ports.js';

/**
 * The balancer's configuration: HTTP mode, every request to the next instance in turn (no
 * affinity, no cookie, no reuse of the last server), timeouts long enough for SSE streams, and a
 * request whose connection is refused retried on another instance, so a killed one is skipped
 * (and health checks every 500 ms take it out).
 */
/** One instance behind the balancer. */
export interface Backend {
  readonly name: string;
  readonly port: number;
}

export function haproxyConfig(port: number, backends: readonly Backend[]): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout http-keep-alive 10s',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend mcp',
    `  bind 127.0.0.1:${port}`,
    '  default_backend demo',
    'backend demo',
    '  balance roundrobin',
    // Names the instance that served each response, for the test to see where requests went.
    '  http-response set-header x-served-by %s',
    ...backends.map(({ name, port }) => `  server ${name} 127.0.0.1:${port} check inter 500ms fall 1 rise 2`),
    '',
  ].join('\n');
}

/** Debian's HAProxy in the foreground, in front of `backends`. */
export class Haproxy {
  private constructor(
    private readonly child: Child,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(backends: readonly Backend[]): Promise<Haproxy> {
    const program = await findProgram(['/usr/sbin/haproxy', 'haproxy'], 'apt-get install haproxy');
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'cluster-demo-haproxy-'));
    const file = join(dir, 'haproxy.cfg');
    writeFileSync(file, haproxyConfig(port, backends));
    const child = new Child(program, ['-db', '-f', file]);
    await waitForPort(port, 10_000, 'haproxy').catch((error: Error) => {
      throw new Error(`${error.message}; its output:\n${child.output}`);
    });
    return new Haproxy(child, dir, port);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async stop(): Promise<void> {
    await this.child.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
