import { Child } from './child.js';
import { findProgram, freePort, waitForPort } from './ports.js';

/** A throwaway `redis-server` on a free port, without persistence; it can be stopped and started again on the same port. */
export class RedisServer {
  private child: Child | undefined;

  private constructor(
    readonly program: string,
    readonly port: number,
  ) {}

  static async start(): Promise<RedisServer> {
    const program = await findProgram(
      ['/usr/bin/redis-server', 'redis-server'],
      'apt-get install redis-server',
    );
    const server = new RedisServer(program, await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    this.child = new Child(this.program, args);
    await waitForPort(this.port, 10_000, 'redis-server');
  }

  async stop(): Promise<void> {
    await this.child?.stop('SIGKILL');
    this.child = undefined;
  }
}
