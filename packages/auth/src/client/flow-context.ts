import type * as oauth from 'oauth4webapi';
import type { ResourceMetadata } from './discovery.js';
import type { DpopKey } from './dpop.js';
import type { HttpContext } from './http.js';
import type { ClientIdentity } from './identity.js';
import type { OAuthClientOptions } from './options.js';

/** Everything a grant needs: the discovered servers, the client's identity there, and the options. */
export interface FlowContext {
  http: HttpContext;
  options: OAuthClientOptions;
  resourceMetadata: ResourceMetadata;
  as: oauth.AuthorizationServer;
  identity: ClientIdentity;
  /** The canonical resource URI sent as `resource` in every request. */
  resource: string;
  /** Present when tokens are DPoP-bound (RFC 9449). */
  dpop: DpopKey | undefined;
}
