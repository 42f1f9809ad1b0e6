import { createHash } from 'node:crypto';
import { McpError } from '@mcpkit/protocol/internal';
import { ErrorReply } from 'redis';
import { unavailable } from './unavailable.js';

/** The part of a node-redis client this package uses: raw commands and pub/sub. */
export interface RedisCommander {
  sendCommand<T = unknown>(args: readonly string[], options?: object): Promise<T>;
}

/** A Lua script, run by its SHA-1 (`EVALSHA`), loaded on first use or after Redis lost it. */
export interface Script {
  readonly source: string;
  readonly sha: string;
}

export function script(source: string): Script {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

/**
 * How the stores reach Redis: every command has a deadline, and a failure to reach Redis or a
 * missed deadline becomes the store's `unavailable` error (HTTP 503), never a hang.
 */
export class RedisLink {
  private readonly options: object;

  constructor(
    readonly client: RedisCommander,
    /** Where Redis is, for messages (the URL without credentials). */
    readonly where: string,
    /** Every key and channel starts with `${prefix}:`. */
    readonly prefix: string,
    timeoutMs: number,
  ) {
    this.options = { timeout: timeoutMs, rejectInFlight: true };
  }

  key(...parts: string[]): string {
    return `${this.prefix}:${parts.join(':')}`;
  }

  async command<T>(args: readonly string[]): Promise<T> {
    try {
      return await this.client.sendCommand<T>(args, this.options);
    } catch (error) {
      throw this.failure(error);
    }
  }

  async run<T>(lua: Script, keys: readonly string[], args: readonly string[]): Promise<T> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await this.client.sendCommand<T>(['EVALSHA', lua.sha, ...tail], this.options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw this.failure(error);
    }
    return this.command<T>(['EVAL', lua.source, ...tail]);
  }

  /** A reply error (the command ran and failed) is a bug, reported as such; anything else is Redis out of reach. */
  private failure(error: unknown): McpError {
    if (error instanceof McpError) return error;
    if (error instanceof ErrorReply) {
      return McpError.internalError(`Redis at ${this.where} refused a command: ${error.message}`);
    }
    return unavailable(this.where, error);
  }
}

/** `url` without its password, for messages. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'the configured URL';
  }
}
