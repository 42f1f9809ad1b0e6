export { type AuthRequest, type TokenAuthenticatorOptions, tokenAuthenticator } from './authenticate.js';
export { type Challenge, type ChallengeError, challengeResponse, wwwAuthenticate } from './challenge.js';
export { DEFAULT_DPOP_ALGORITHMS, type DpopOptions } from './dpop.js';
export { type IntrospectionVerifierOptions, introspectionVerifier } from './introspection-verifier.js';
export { DEFAULT_JWT_ALGORITHMS, type JwtVerifierOptions, jwtVerifier } from './jwt-verifier.js';
export { type ProtectedHttpOptions, type ProtectServerOptions, protectServer } from './protect.js';
export { MemoryReplayStore, type MemoryReplayStoreOptions, type ReplayStore } from './replay-store.js';
export {
  canonicalResourceUri,
  type ProtectedResource,
  type ProtectedResourceConfig,
  protectedResource,
  resourceMetadataUrl,
} from './resource-metadata.js';
export { AuthErrorCode, type ScopeGuardOptions, type ScopeSource, scopeGuard } from './scope-guard.js';
export { ScopeChecker, type ScopeHierarchy } from './scopes.js';
export { InvalidTokenError, type TokenVerifier, type VerifiedToken } from './verifier.js';
