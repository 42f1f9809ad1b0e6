export { type PopupOptions, popupAuthorize, postAuthorizationResponse } from './client/browser.js';
export {
  type AuthChallenge,
  parseWwwAuthenticate,
  type ResourceChallenge,
  readResourceChallenge,
} from './client/challenge.js';
export {
  authorizationServerMetadataUrls,
  type ResourceMetadata,
  resourceCovers,
  resourceMetadataUrls,
} from './client/discovery.js';
export { OAuthClientError, type OAuthClientErrorCode } from './client/errors.js';
export type { FetchLike } from './client/http.js';
export { importPrivateKey } from './client/keys.js';
export { type AuthRequest, type OAuthClient, oauthClient } from './client/oauth-client.js';
export type {
  Authorize,
  MachineGrant,
  OAuthClientOptions,
  PreRegisteredClient,
  TokenEndpointAuthMethod,
} from './client/options.js';
export {
  MemoryTokenStore,
  type StoredClient,
  type StoredTokens,
  type TokenStore,
  type TokenStoreSnapshot,
} from './client/token-store.js';
