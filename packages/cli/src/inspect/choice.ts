import type { EraOption, EraVerdict } from '@mcpkit/client';

/** The protocol eras, by the names the command line and the page use. */
export const ERAS: Readonly<Record<string, EraOption>> = {
  auto: 'auto',
  '2026-07-28': 'modern',
  '2025-11-25': 'legacy',
};

/**
 * The transports to an HTTP server: `http` is Streamable HTTP (falling back to HTTP+SSE only for
 * a 2025-era server that refuses it), `sse` the deprecated HTTP+SSE transport of the 2025 era.
 */
export const HTTP_TRANSPORTS = ['http', 'sse'] as const;
export type HttpTransport = (typeof HTTP_TRANSPORTS)[number];

/** How the inspector talks to its server: the era by its page name, and over HTTP the transport. */
export interface ConnectionChoice {
  era: string;
  transport: HttpTransport;
}

/**
 * Why `choice` cannot reach a server over HTTP (`overHttp`) or stdio, or undefined when it can.
 * HTTP+SSE is an HTTP transport of the 2025 era only.
 */
export function choiceProblem(choice: ConnectionChoice, overHttp: boolean): string | undefined {
  if (!Object.hasOwn(ERAS, choice.era))
    return `no era ${choice.era}: take one of ${Object.keys(ERAS).join(', ')}`;
  if (!HTTP_TRANSPORTS.includes(choice.transport))
    return `no transport ${choice.transport}: take one of ${HTTP_TRANSPORTS.join(', ')}`;
  if (choice.transport !== 'sse') return undefined;
  if (!overHttp) return 'HTTP+SSE needs a server URL: this server runs over stdio';
  if (choice.era === '2026-07-28') return 'HTTP+SSE is a 2025-era transport: choose era 2025-11-25 or auto';
  return undefined;
}

/**
 * The client's era settings for `choice` with the server at `url`. HTTP+SSE is forced by telling
 * the client that the server was last reached over it, so that it opens that transport first.
 */
export function eraSettings(
  choice: ConnectionChoice,
  url: string | undefined,
): { era: EraOption; eraVerdicts?: Map<string, EraVerdict> } {
  if (choice.transport !== 'sse' || url === undefined) return { era: ERAS[choice.era]! };
  return { era: 'auto', eraVerdicts: new Map([[url, 'legacy-sse']]) };
}
