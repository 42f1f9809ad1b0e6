import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Why a request to the inspector is refused: the status and a sentence for the person who sent it. */
export interface Refusal {
  status: 400 | 401 | 403;
  message: string;
}

/** What the inspector's server checks every request against. */
export interface GuardSettings {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /** The per-launch secret every API call and stream must carry as `Authorization: Bearer`. */
  token: string;
}

/** The `Host` values a browser sends to this inspector: its own address, by IP or by `localhost`. */
function allowedHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (match === null) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Why `request` must be refused, or `undefined` when it may go on. Every request needs a `Host` of
 * this inspector (a page on another site that rebinds its name to 127.0.0.1 sends its own name),
 * and an `Origin`, when there is one, of the page this inspector serves. With `needsToken` (the
 * API and the event stream) it also needs the launch token.
 */
export function refusal(
  request: Pick<IncomingMessage, 'headers'>,
  settings: GuardSettings,
  needsToken: boolean,
): Refusal | undefined {
  const hosts = allowedHosts(settings.port);
  const host = request.headers.host;
  if (host === undefined || !hosts.includes(host.toLowerCase())) {
    return { status: 403, message: `this inspector answers only to http://127.0.0.1:${settings.port}` };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !hosts.some((allowed) => origin.toLowerCase() === `http://${allowed}`)) {
    return { status: 403, message: 'requests from other sites are refused' };
  }
  if (needsToken && !carriesToken(request.headers.authorization, settings.token)) {
    return {
      status: 401,
      message: 'the inspector token is missing or wrong: open the INSPECTOR_URL line mcpkit printed',
    };
  }
  return undefined;
}
