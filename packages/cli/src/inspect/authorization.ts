import { timingSafeEqual } from 'node:crypto';
import type { FetchLike, OAuthClient } from '@mcpkit/auth';
import { configDir } from '../auth/config-dir.js';
import { Credentials } from '../auth/credentials.js';
import { serverOAuth } from '../auth/oauth.js';
import type { EventHub } from './events.js';

/** The steps of one authorization, in the order the page lists them. */
const STEPS = {
  resource: 'Protected resource metadata',
  issuer: 'Authorization server metadata',
  registration: 'Client registration',
  authorization: 'Authorization',
  token: 'Token',
  stepUp: 'Step-up authorization',
} as const;
type Step = (typeof STEPS)[keyof typeof STEPS];

/** What a redirect to the inspector's callback comes to. */
type CallbackOutcome = 'accepted' | 'refused';

function sameState(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** As much of a metadata document as `@mcpkit/auth` itself reads. */
const MAX_METADATA = 64 * 1024;

/** The JSON object of a copy of `response`, read up to `MAX_METADATA` bytes; else nothing. */
async function metadataOf(response: Response): Promise<Record<string, unknown> | undefined> {
  const reader = response.clone().body?.getReader();
  if (reader === undefined) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_METADATA) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The inspector's OAuth flow: `mcpkit login`'s client (tokens kept in the same config folder), each
 * step told to the event hub as an `oauth` event. The page opens the authorization URL; the
 * redirect comes back to the inspector's own callback, which takes it only with this flow's `state`.
 */
export class InspectorAuthorization {
  readonly #hub: EventHub;
  #waiting: { state: string; resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  #endpoints: { registration?: string; token?: string } = {};
  #loggedIn = false;

  constructor(hub: EventHub) {
    this.#hub = hub;
  }

  #step(step: Step, state: 'started' | 'done' | 'failed', fields: Record<string, unknown> = {}): void {
    this.#hub.emit('oauth', { step, state, ...fields });
  }

  /** Names the step of each metadata, registration and token request, and tells how it went. */
  #steppingFetch(): FetchLike {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const step = this.#stepOf(url);
      if (step !== undefined) this.#step(step, 'started', { url: url.href });
      const response = await fetch(input, init).catch((error: unknown) => {
        if (step !== undefined) this.#step(step, 'failed', { url: url.href, error: String(error) });
        throw error;
      });
      if (step === STEPS.issuer && response.ok) {
        const metadata = (await metadataOf(response)) ?? {};
        this.#endpoints = {
          ...(typeof metadata.registration_endpoint === 'string'
            ? { registration: metadata.registration_endpoint }
            : {}),
          ...(typeof metadata.token_endpoint === 'string' ? { token: metadata.token_endpoint } : {}),
        };
      }
      if (step !== undefined) {
        this.#step(step, response.ok ? 'done' : 'failed', { url: url.href, status: response.status });
      }
      return response;
    };
  }

  #stepOf(url: URL): Step | undefined {
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) return STEPS.resource;
    if (
      url.pathname.startsWith('/.well-known/oauth-authorization-server') ||
      url.pathname.includes('/.well-known/openid-configuration')
    ) {
      return STEPS.issuer;
    }
    if (url.href === this.#endpoints.registration) return STEPS.registration;
    if (url.href === this.#endpoints.token) return STEPS.token;
    return undefined;
  }

  /**
   * Hands the page the authorization URL, then waits for the redirect with its `state`. A new
   * authorization ends the one that waited: its state is taken no more.
   */
  #authorize(authorizationUrl: URL): Promise<URL> {
    const step = this.#loggedIn ? STEPS.stepUp : STEPS.authorization;
    const state = authorizationUrl.searchParams.get('state') ?? '';
    this.#waiting?.reject(new Error('a new authorization started in the inspector'));
    return new Promise<URL>((resolve, reject) => {
      this.#waiting = {
        state,
        reject,
        resolve: (url) => {
          this.#step(step, 'done');
          resolve(url);
        },
      };
      this.#step(step, 'started', { authorizationUrl: authorizationUrl.href });
    });
  }

  /**
   * The redirect back from the authorization server: taken only when its `state` is the one of the
   * authorization that waits (the launch token is not in it; the state is what binds it to the flow).
   */
  callback(url: URL): CallbackOutcome {
    const waiting = this.#waiting;
    if (
      waiting === undefined ||
      waiting.state === '' ||
      !sameState(url.searchParams.get('state'), waiting.state)
    ) {
      return 'refused';
    }
    this.#waiting = undefined;
    waiting.resolve(url);
    return 'accepted';
  }

  /**
   * Runs the whole flow for `serverUrl` with the redirect to `redirectUrl`; resolves with the client
   * that carries the tokens (and steps up on a 403 `insufficient_scope` through the same page).
   */
  async run(serverUrl: string, redirectUrl: string): Promise<OAuthClient> {
    this.#loggedIn = false;
    this.#endpoints = {};
    const credentials = await Credentials.open(configDir());
    const secret = await credentials.ensureSecret(process.env);
    const auth = await serverOAuth(
      serverUrl,
      credentials,
      secret,
      { redirectUrl, authorize: (url) => this.#authorize(url) },
      this.#steppingFetch(),
    );
    await auth.login();
    this.#loggedIn = true;
    return auth;
  }
}
