/** Who is calling, as established by a transport's authentication hook. */
export interface AuthInfo {
  /** A stable identifier of the caller (user id, client id). Bound into MRTR state and tool handles. */
  principal?: string;
  /** Granted scopes. */
  scopes?: readonly string[];
  /** The credential itself, when the application needs it downstream. Never logged by mcpkit. */
  token?: string;
  /** Expiry of the credential, in milliseconds since the epoch. */
  expiresAt?: number;
  /** Anything else the hook learned (token claims, tenant, …). */
  extra?: Record<string, unknown>;
}
