import { createHash } from 'node:crypto';
import type { RequestStateKey } from '@mcpkit/server';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/**
 * The `requestState` key ring every instance must share, read from shared configuration: by
 * default the environment variable `MCPKIT_STATE_KEY`, 64 hex characters (32 bytes), or several
 * separated by commas, newest first, while rotating. A key's id is derived from the key itself,
 * so every instance names it alike whatever its place in the ring. Missing or malformed is a
 * `TypeError` saying what to set: instances with keys of their own would refuse each other's
 * multi-round requests.
 *
 * @example
 * ```ts
 * // MCPKIT_STATE_KEY=$(openssl rand -hex 32)
 * new McpServer(info, { requestState: { keys: stateKeysFromEnv() } });
 * ```
 */
export function stateKeysFromEnv(
  value: string | undefined = process.env.MCPKIT_STATE_KEY,
  name = 'MCPKIT_STATE_KEY',
): RequestStateKey[] {
  if (value === undefined || value.trim() === '') {
    throw new TypeError(
      `${name} is not set: give every instance the same requestState key, 64 hex characters (openssl rand -hex 32)`,
    );
  }
  return value.split(',').map((part, index) => {
    const hex = part.trim();
    if (!HEX_KEY.test(hex)) {
      throw new TypeError(
        `${name}: key ${index + 1} is not 64 hex characters (32 bytes); generate one with openssl rand -hex 32`,
      );
    }
    const secret = Buffer.from(hex, 'hex');
    const id = createHash('sha256').update(secret).digest('base64url').slice(0, 12);
    return { id, secret: new Uint8Array(secret) };
  });
}
