/** Tokens for one MCP server from one authorization server. Confidential: never log them. */
export interface StoredTokens {
  accessToken: string;
  /** `bearer` or `dpop` (lowercased). */
  tokenType: string;
  refreshToken?: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt?: number;
  /** The scopes requested for these tokens (what a step-up adds to, A-39). */
  scopes?: string[];
  /** For DPoP-bound tokens: the JWK thumbprint of the key they are bound to. */
  dpopKeyThumbprint?: string;
}

/** Client credentials an authorization server issued by Dynamic Client Registration. */
export interface StoredClient {
  clientId: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: string;
}

/**
 * Where the OAuth client keeps tokens, keyed by MCP server (its canonical resource URI) and
 * authorization server (its `issuer`), and client registrations, keyed by `issuer`.
 * Implementations must keep both confidential: `MemoryTokenStore` by default, an
 * encrypted file for CLIs (`@mcpkit/auth/node`), the platform's keychain elsewhere.
 *
 * @example
 * ```ts
 * const store: TokenStore = new MemoryTokenStore();
 * await store.setTokens('https://mcp.example.com/mcp', 'https://auth.example.com', tokens);
 * ```
 */
export interface TokenStore {
  getTokens(resource: string, issuer: string): Promise<StoredTokens | undefined>;
  /** `undefined` forgets them. */
  setTokens(resource: string, issuer: string, tokens: StoredTokens | undefined): Promise<void>;
  getClient(issuer: string): Promise<StoredClient | undefined>;
  /** `undefined` forgets it. */
  setClient(issuer: string, client: StoredClient | undefined): Promise<void>;
}

/** The state a `TokenStore` holds, as plain data: what a persistent store serializes. */
export interface TokenStoreSnapshot {
  tokens: Record<string, Record<string, StoredTokens>>;
  clients: Record<string, StoredClient>;
}

/** A `TokenStore` in process memory, the default: nothing outlives the process. */
export class MemoryTokenStore implements TokenStore {
  protected state: TokenStoreSnapshot;

  constructor(initial?: TokenStoreSnapshot) {
    this.state = initial ?? { tokens: {}, clients: {} };
  }

  async getTokens(resource: string, issuer: string): Promise<StoredTokens | undefined> {
    return this.state.tokens[resource]?.[issuer];
  }

  async setTokens(resource: string, issuer: string, tokens: StoredTokens | undefined): Promise<void> {
    this.state.tokens[resource] ??= {};
    const byIssuer = this.state.tokens[resource];
    if (tokens) byIssuer[issuer] = tokens;
    else delete byIssuer[issuer];
    await this.changed();
  }

  async getClient(issuer: string): Promise<StoredClient | undefined> {
    return this.state.clients[issuer];
  }

  async setClient(issuer: string, client: StoredClient | undefined): Promise<void> {
    if (client) this.state.clients[issuer] = client;
    else delete this.state.clients[issuer];
    await this.changed();
  }

  /** Called after each change; a persistent store writes the state here. */
  protected async changed(): Promise<void> {}
}
